import type { ListPosition } from '#core/list-cursor';
import type { QueryPage } from '#store/query-page';
import type { ChangeFilter, HistoryPointer, StoredChange } from './change-record.ts';

/**
 * Where the changes between scrapes and each website's newest history run are kept: what the
 * history use cases and the history exports need of a store, in their words. The price series
 * themselves are objects (`price-history.ts` over an `ObjectStore`).
 */
export interface HistoryStore {
  /** Keeps one scrape's changes, in its order, until `expiresAt` (epoch seconds); writing them again replaces them. */
  putChanges(changes: readonly StoredChange[], expiresAt: number): Promise<void>;
  /** One page of the project's changes, oldest first from `since`, after the cursor's position. */
  changesPage(
    projectId: string,
    filter: ChangeFilter,
    page: { limit: number; after: ListPosition | undefined },
  ): Promise<QueryPage<StoredChange>>;
  /** Every change of the filter, oldest first. */
  allChanges(projectId: string, filter: ChangeFilter): Promise<StoredChange[]>;
  putPointer(pointer: HistoryPointer): Promise<void>;
  /** The website's newest history run, or null before its first. */
  getPointer(websiteId: string): Promise<HistoryPointer | null>;
}
