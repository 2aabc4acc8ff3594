import { describe, expect, it } from 'vitest';
import { channelFor, contactMessage, contactReasonProblem, teamFor } from './contact-request.ts';

describe('contact requests', () => {
  it('routes the reason to its team and a phone to a call back', () => {
    expect(teamFor('SALES')).toBe('SALES');
    expect(teamFor('SUPPORT')).toBe('SUPPORT');
    expect(channelFor('+420 601 234 567')).toBe('PHONE');
    expect(channelFor(null)).toBe('EMAIL');
  });

  it('accepts a contact reason only with a failed job of that very reason', () => {
    const failed = { status: 'FAILED', contact_reason: 'WEBSITE_TOO_LARGE' };
    expect(contactReasonProblem(null, null)).toBeNull();
    expect(contactReasonProblem('WEBSITE_TOO_LARGE', failed)).toBeNull();
    expect(contactReasonProblem('WEBSITE_TOO_LARGE', null)?.status).toBe(409);
    expect(contactReasonProblem('WEBSITE_TOO_LARGE', { ...failed, status: 'RUNNING' })?.status).toBe(409);
    expect(contactReasonProblem('OTHER', failed)?.code).toBe('CONTACT_REASON_MISMATCH');
  });

  it('tells the team who asks, how to reach them and about which job', () => {
    const mail = contactMessage(
      {
        contact_request_id: 'ctr_1',
        reason: 'SUPPORT',
        team: 'SUPPORT',
        channel: 'PHONE',
        email: 'jana@shop.test',
        phone: '+420 601 234 567',
        message: 'Our shop has 2 million products.',
        job_id: 'job_1',
        contact_reason: 'WEBSITE_TOO_LARGE',
        project_id: 'prj_1',
        created_at: '2026-11-23T08:00:00.000Z',
      },
      { name: 'Jana', email: 'jana@shop.test' },
    );
    expect(mail.subject).toBe('[SUPPORT] WEBSITE_TOO_LARGE from Jana');
    expect(mail.text).toContain('phone +420 601 234 567');
    expect(mail.text).toContain('Job: job_1');
    expect(mail.text).toContain('Our shop has 2 million products.');
    expect(mail.replyTo).toBe('jana@shop.test');
  });
});
