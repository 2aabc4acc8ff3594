import { onFirstUse, setting } from '#platform/config';
import { allChanges, listChangesPage, putChanges } from './dynamo-change-store.ts';
import { getHistoryPointer, putHistoryPointer } from './dynamo-history-pointers.ts';
import type { HistoryStore } from './history-store.ts';

/** The history capability's store: changes and history pointers in the service table. */
export const historyStore: HistoryStore = {
  putChanges,
  changesPage: listChangesPage,
  allChanges,
  putPointer: putHistoryPointer,
  getPointer: getHistoryPointer,
};

/** Days the price history and the changes between scrapes are kept. */
export const historyRetentionDays = onFirstUse(() => setting('HISTORY_RETENTION_DAYS'));
