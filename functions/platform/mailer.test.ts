import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { SesMailer } from './mailer.ts';

const ses = mockClient(SESv2Client);

afterEach(() => {
  ses.reset();
});

describe('the SES mailer', () => {
  it('sends one composed raw message whose headers a line break in the subject cannot extend', async () => {
    const mailer = new SesMailer('service@product-data.example');
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });

    await mailer.send({
      to: 'support@product-data.example',
      subject: '[SUPPORT] Contact request from Ann\r\nBcc: all@evil.example',
      text: 'Žádost\nline two',
      replyTo: 'ann@shop.test',
    });

    const [call] = ses.commandCalls(SendEmailCommand);
    const raw = Buffer.from(call?.args[0].input.Content?.Raw?.Data ?? new Uint8Array()).toString('utf8');
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n')).split('\r\n');
    expect(headers).toContain('From: service@product-data.example');
    expect(headers).toContain('To: support@product-data.example');
    expect(headers).toContain('Reply-To: ann@shop.test');
    expect(headers.filter((line) => /^bcc:/i.test(line))).toEqual([]);
    expect(headers.find((line) => line.startsWith('Subject:'))).toBe(
      'Subject: [SUPPORT] Contact request from Ann Bcc: all@evil.example',
    );
  });
});
