import { dynamoScheduleStore } from './dynamo-schedule-store.ts';
import type { ScheduleStore } from './schedule-store.ts';

/** The schedule capability's store, the one place that says which adapter the use cases get. */
export const scheduleStore: ScheduleStore = dynamoScheduleStore;
