import { Conflict, type Problem } from '#core/problem';
import type { WindowLimit } from '#core/rolling-window';

/**
 * Each contact request mails a team, with a reply address the user chose: a user may send at most
 * this many in any rolling hour (429 CONTACT_LIMIT_REACHED beyond). A job has at most one.
 */
export const CONTACT_LIMIT: WindowLimit = { max: 5, windowMs: 60 * 60 * 1000 };

export type ContactReason = 'SALES' | 'SUPPORT';
export type ContactTeam = 'SALES' | 'SUPPORT';
export type ContactChannel = 'EMAIL' | 'PHONE';

export interface ContactRequest {
  contact_request_id: string;
  reason: ContactReason;
  team: ContactTeam;
  channel: ContactChannel;
  email: string;
  phone: string | null;
  message: string | null;
  job_id: string | null;
  contact_reason: string | null;
  project_id: string | null;
  created_at: string;
}

/** The reason picks the team; a phone number given means the team calls back. */
export const teamFor = (reason: ContactReason): ContactTeam => reason;
export const channelFor = (phone: string | null): ContactChannel => (phone ? 'PHONE' : 'EMAIL');

/**
 * A `contact_reason` names why a failed job needs a person (e.g. WEBSITE_TOO_LARGE): it is accepted
 * only with the job it came from, and only while that job is FAILED with that very reason.
 */
export function contactReasonProblem(
  contactReason: string | null,
  job: { status: string; contact_reason: string | null } | null,
): Problem | null {
  if (contactReason === null) return null;
  if (job?.status !== 'FAILED' || job.contact_reason !== contactReason) {
    return Conflict(
      'CONTACT_REASON_MISMATCH',
      `The contact reason ${contactReason} needs the job_id of a failed job with that contact reason.`,
    );
  }
  return null;
}

/** The message the team receives. */
export function contactMessage(request: ContactRequest, requester: { name: string; email: string }) {
  const lines = [
    `${requester.name} <${requester.email}> asks ${request.team === 'SALES' ? 'sales' : 'support'} to get in touch.`,
    `Contact by: ${request.channel === 'PHONE' ? `phone ${request.phone}` : `e-mail ${request.email}`}`,
    request.project_id ? `Project: ${request.project_id}` : null,
    request.job_id ? `Job: ${request.job_id}` : null,
    request.contact_reason ? `Reason: ${request.contact_reason}` : null,
    request.message ? `\n${request.message}` : null,
    `\nRequest ${request.contact_request_id}, ${request.created_at}`,
  ];
  return {
    subject: `[${request.team}] ${request.contact_reason ?? 'Contact request'} from ${requester.name}`,
    text: lines.filter((line) => line !== null).join('\n'),
    replyTo: request.email,
  };
}
