import type { ContactStore } from './contact-store.ts';
import { dynamoContactStore } from './dynamo-contact-store.ts';

/** The contact capability's store, the one place that says which adapter the use cases get. */
export const contactStore: ContactStore = dynamoContactStore;
