import { dynamoExportStore } from './dynamo-export-store.ts';
import type { ExportStore } from './export-store.ts';

/** The export capability's store, the one place that says which adapter the use cases get. */
export const exportStore: ExportStore = dynamoExportStore;
