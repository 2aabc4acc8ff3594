import type { JointWrite } from '#store/joint-write';

/** A customer's setup slots of the rolling hour (`core/rolling-window.ts` picks a free one). */
export interface SetupSlots {
  /** When each of the customer's setup slots was last taken, by slot number (a consistent read). */
  taken(customerId: string): Promise<Map<number, number>>;
  /** Takes slot `slot` at `nowMs`, inside the transaction that creates the setup job. */
  take(customerId: string, slot: number, nowMs: number, windowMs: number): JointWrite;
}
