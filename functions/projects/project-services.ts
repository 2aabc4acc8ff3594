import { dynamoProjectStore } from './dynamo-project-store.ts';
import type { ProjectStore } from './project-store.ts';

/** The project capability's store, the one place that says which adapter the use cases get. */
export const projectStore: ProjectStore = dynamoProjectStore;
