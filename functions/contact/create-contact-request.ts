import { userStore } from '#accounts/account-services';
import { newId } from '#core/ids';
import type { StoredJob } from '#core/job-record';
import { NotFound, TooManyRequests } from '#core/problem';
import { freeSlot } from '#core/rolling-window';
import { logError } from '#platform/log';
import { mailer, teamAddress } from '#platform/mail-services';
import {
  CONTACT_LIMIT,
  type ContactReason,
  type ContactRequest,
  channelFor,
  contactMessage,
  contactReasonProblem,
  teamFor,
} from './contact-request.ts';
import { contactStore } from './contact-services.ts';
import type { ContactPlace } from './contact-store.ts';

/** What the user asks, as the route's body gives it (the job already checked by the route). */
export interface ContactAsk {
  reason: ContactReason;
  message: string | null;
  email: string | null;
  phone: string | null;
  contact_reason: string | null;
}

/** Who asks: the key's user and project, and the job asked about, if any. */
export interface ContactAsker {
  userId: string;
  projectId: string | null;
  job: StoredJob | null;
}

/**
 * Saves the user's request and tells the team by mail: `created` false when the job asked about
 * already has a request, which is answered as it is (asking again mails no one, whatever the
 * user's limit). 429 past the user's limit of the rolling hour.
 */
export async function createContactRequest(
  asker: ContactAsker,
  ask: ContactAsk,
): Promise<{ created: boolean; request: ContactRequest }> {
  const { job } = asker;
  const problem = contactReasonProblem(ask.contact_reason, job);
  if (problem) throw problem;
  const asked = job?.contact_request_id ? await contactStore.get(job.contact_request_id) : null;
  if (asked) return { created: false, request: asked };
  const user = await userStore.get(asker.userId);
  if (!user) throw NotFound('USER_NOT_FOUND', 'The key belongs to a user that no longer exists.');
  const request: ContactRequest = {
    contact_request_id: newId('ctr'),
    reason: ask.reason,
    team: teamFor(ask.reason),
    channel: channelFor(ask.phone),
    email: ask.email ?? user.email,
    phone: ask.phone,
    message: ask.message,
    job_id: job?.job_id ?? null,
    contact_reason: ask.contact_reason,
    project_id: job?.project_id ?? asker.projectId,
    created_at: new Date().toISOString(),
  };
  const saved = await contactStore.save(request, asker.userId, await contactPlace(asker.userId));
  // A racing request of the same user took the same place: this one is over the limit for now.
  if (saved.outcome === 'SLOT_TAKEN') throw contactLimitReached(1);
  if (saved.outcome === 'EXISTING') return { created: false, request: saved.request };
  // The request is saved before the team is told, so a mail outage loses nothing: the team's queue
  // is the table, the mail only a nudge.
  await mailer
    .send({ to: teamAddress[request.team], ...contactMessage(request, user) })
    .catch((error: unknown) =>
      logError('contact mail not sent', error, { contactRequestId: request.contact_request_id }),
    );
  return { created: true, request };
}

const contactLimitReached = (retryAfterSeconds: number) =>
  TooManyRequests(
    'CONTACT_LIMIT_REACHED',
    `A user may send ${CONTACT_LIMIT.max} contact requests in any 60 minutes; retry in ${retryAfterSeconds} s.`,
    retryAfterSeconds,
  );

/** The user's free contact place of the rolling hour to take, or 429 when none is free. */
async function contactPlace(userId: string): Promise<ContactPlace> {
  const now = Date.now();
  const choice = freeSlot(await contactStore.places(userId), now, CONTACT_LIMIT);
  if (!choice.free) throw contactLimitReached(choice.retryAfterSeconds);
  return { slot: choice.slot, nowMs: now, windowMs: CONTACT_LIMIT.windowMs };
}
