import type { Schedule } from '#store/schedules';

/** A schedule as the interface shows it: everything but the write counter. */
export const publicSchedule = ({ version: _version, ...schedule }: Schedule) => schedule;
