import { dynamoWebsiteStore } from './dynamo-website-store.ts';
import type { WebsiteStore } from './website-store.ts';

/** The website capability's store, the one place that says which adapter the use cases get. */
export const websiteStore: WebsiteStore = dynamoWebsiteStore;
