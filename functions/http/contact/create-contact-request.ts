import * as v from 'valibot';
import { authorizedJob } from '#access/authorized-job';
import { userStore } from '#accounts/account-services';
import {
  CONTACT_LIMIT,
  type ContactRequest,
  channelFor,
  contactMessage,
  contactReasonProblem,
  teamFor,
} from '#core/contact-request';
import { newId } from '#core/ids';
import { NotFound, TooManyRequests } from '#core/problem';
import { freeSlot } from '#core/rolling-window';
import { logError } from '#platform/log';
import { mailer, teamAddress } from '#platform/mail-services';
import { freeText, id } from '#platform/request-fields';
import {
  type ContactPlace,
  getContactRequest,
  readContactPlaces,
  saveContactRequest,
} from '#store/contact-requests';
import { http } from '../http.ts';
import { contactRequest } from './contact-responses.ts';

const body = v.strictObject({
  reason: v.picklist(['SALES', 'SUPPORT'], 'Must be SALES or SUPPORT.'),
  message: v.optional(v.nullable(freeText(1, 5000)), null),
  email: v.optional(
    v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(254), v.email('Not an e-mail address.'))),
    null,
  ),
  phone: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\+?[0-9 ()./-]{6,25}$/, 'Not a phone number.'),
        v.examples(['+420 601 234 567']),
      ),
    ),
    null,
  ),
  job_id: v.optional(v.nullable(id), null),
  contact_reason: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.regex(/^[A-Z][A-Z0-9_]{1,63}$/, 'Not a contact reason.'),
        v.examples(['WEBSITE_TOO_LARGE']),
      ),
    ),
    null,
  ),
});

export const handler = http(
  { body, responses: { 200: contactRequest, 201: contactRequest } },
  async ({ principal, guard, body, answer }) => {
    const job = body.job_id ? await authorizedJob(guard, body.job_id) : null;
    const problem = contactReasonProblem(body.contact_reason, job);
    if (problem) throw problem;
    // Asking again about a job answers its request, whatever the user's limit: it mails no one.
    const asked = job?.contact_request_id ? await getContactRequest(job.contact_request_id) : null;
    if (asked) return answer(200, asked);
    const user = await userStore.get(principal.userId);
    if (!user) throw NotFound('USER_NOT_FOUND', 'The key belongs to a user that no longer exists.');
    const request: ContactRequest = {
      contact_request_id: newId('ctr'),
      reason: body.reason,
      team: teamFor(body.reason),
      channel: channelFor(body.phone),
      email: body.email ?? user.email,
      phone: body.phone,
      message: body.message,
      job_id: job?.job_id ?? null,
      contact_reason: body.contact_reason,
      project_id: job?.project_id ?? principal.projectId,
      created_at: new Date().toISOString(),
    };
    const saved = await saveContactRequest(request, principal.userId, await contactPlace(principal.userId));
    // A racing request of the same user took the same place: this one is over the limit for now.
    if (saved.outcome === 'SLOT_TAKEN') throw contactLimitReached(1);
    if (saved.outcome === 'EXISTING') return answer(200, saved.request);
    // The request is saved before the team is told, so a mail outage loses nothing: the team's queue
    // is the table, the mail only a nudge.
    await mailer
      .send({ to: teamAddress[request.team], ...contactMessage(request, user) })
      .catch((error: unknown) =>
        logError('contact mail not sent', error, { contactRequestId: request.contact_request_id }),
      );
    return answer(201, request);
  },
);

const contactLimitReached = (retryAfterSeconds: number) =>
  TooManyRequests(
    'CONTACT_LIMIT_REACHED',
    `A user may send ${CONTACT_LIMIT.max} contact requests in any 60 minutes; retry in ${retryAfterSeconds} s.`,
    retryAfterSeconds,
  );

/** The user's free contact place of the rolling hour to take, or 429 when none is free. */
async function contactPlace(userId: string): Promise<ContactPlace> {
  const now = Date.now();
  const choice = freeSlot(await readContactPlaces(userId), now, CONTACT_LIMIT);
  if (!choice.free) throw contactLimitReached(choice.retryAfterSeconds);
  return { slot: choice.slot, nowMs: now, windowMs: CONTACT_LIMIT.windowMs };
}
