import type { CatalogStore } from './catalog-store.ts';
import { dynamoCatalogStore } from './dynamo-catalog-store.ts';

/**
 * The catalog store the use cases get, the one place that says which adapter it is. Apart from
 * website-services.ts, so the routes that read websites alone do not carry the data bucket.
 */
export const catalogStore: CatalogStore = dynamoCatalogStore;
