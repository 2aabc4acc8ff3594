import * as v from 'valibot';
import { createContactRequest } from '#contact/create-contact-request';
import { authorizedJob } from '#jobs/authorized-job';
import { freeText, id } from '#platform/request-fields';
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
    const { job_id: _jobId, ...ask } = body;
    const { created, request } = await createContactRequest(
      { userId: principal.userId, projectId: principal.projectId, job },
      ask,
    );
    return created ? answer(201, request) : answer(200, request);
  },
);
