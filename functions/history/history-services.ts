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
