import type { ContactRequest } from './contact-request.ts';

/** The user's contact place a request takes at `nowMs`, free again a window later. */
export interface ContactPlace {
  slot: number;
  nowMs: number;
  windowMs: number;
}

export type SavedContactRequest =
  | { outcome: 'CREATED' | 'EXISTING'; request: ContactRequest }
  /** The user's slot of the rolling window was taken by a racing request: nothing was saved. */
  | { outcome: 'SLOT_TAKEN' };

/**
 * Where contact requests and each user's places of the rolling window are kept, in the capability's
 * words. DynamoDB behind it (`dynamo-contact-store.ts`), which owns the keys, the slot condition and
 * the job's `contact_request_id`, and answers a lost race with an outcome, never a DynamoDB error.
 */
export interface ContactStore {
  get(contactRequestId: string): Promise<ContactRequest | null>;
  /** When each of the user's contact places of the rolling window was last taken, by place number (a consistent read). */
  places(userId: string): Promise<Map<number, number>>;
  /**
   * Saves the request together with taking `place` (if it is still free). For a job, the job is
   * marked with the request in the same write, on the condition that it has none: of racing requests
   * about one job exactly one is created, and the others get that one back (`EXISTING`), taking no place.
   */
  save(request: ContactRequest, userId: string, place: ContactPlace): Promise<SavedContactRequest>;
}
