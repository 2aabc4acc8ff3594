import type { CatalogStore } from './catalog-store.ts';
import { dynamoCatalogStore } from './dynamo-catalog-store.ts';
import { dynamoWebsiteStore } from './dynamo-website-store.ts';
import type { WebsiteStore } from './website-store.ts';

/** The website capability's stores, the one place that says which adapters the use cases get. */
export const websiteStore: WebsiteStore = dynamoWebsiteStore;
export const catalogStore: CatalogStore = dynamoCatalogStore;
