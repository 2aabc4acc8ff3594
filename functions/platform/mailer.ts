import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { needSetting, setting } from './config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** In AWS: SES from the stage's sender address. */
class SesMailer implements Mailer {
  readonly #client = new SESv2Client({});
  constructor(private readonly from: string) {}

  async send(mail: Mail): Promise<void> {
    await this.#client.send(
      new SendEmailCommand({
        FromEmailAddress: this.from,
        Destination: { ToAddresses: [mail.to] },
        ReplyToAddresses: mail.replyTo ? [mail.replyTo] : undefined,
        Content: { Simple: { Subject: { Data: mail.subject }, Body: { Text: { Data: mail.text } } } },
      }),
    );
  }
}

/** Locally: each mail becomes an .eml file in the outbox folder, readable by any mail client. */
class OutboxMailer implements Mailer {
  constructor(
    private readonly directory: string,
    private readonly from: string,
  ) {}

  async send(mail: Mail): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const headers = [
      `From: ${this.from}`,
      `To: ${mail.to}`,
      ...(mail.replyTo ? [`Reply-To: ${mail.replyTo}`] : []),
      `Subject: ${mail.subject}`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
    ];
    const name = `${new Date().toISOString().replaceAll(':', '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
    await writeFile(
      join(this.directory, name),
      `${headers.join('\r\n')}\r\n\r\n${mail.text.replaceAll('\n', '\r\n')}\r\n`,
    );
  }
}

export const mailer: Mailer = setting('MAIL_OUTBOX_DIR')
  ? new OutboxMailer(needSetting('MAIL_OUTBOX_DIR'), setting('MAIL_FROM') ?? 'service@product-data.local')
  : new SesMailer(needSetting('MAIL_FROM'));

export const teamAddress = {
  SALES: setting('SALES_EMAIL') ?? 'sales@product-data.example',
  SUPPORT: setting('SUPPORT_EMAIL') ?? 'support@product-data.example',
};
