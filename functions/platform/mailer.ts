import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * The whole message as RFC 5322 bytes, built by nodemailer's composer: it encodes every header value
 * (a line break in a subject becomes a space, never a new header) and the text body.
 */
function composeMessage(from: string, mail: Mail): Promise<Buffer> {
  return new MailComposer({
    from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
  })
    .compile()
    .build();
}

/** In AWS: SES from the stage's sender address, sent as the composed raw message. */
export class SesMailer implements Mailer {
  readonly #client = new SESv2Client({});
  constructor(private readonly from: string) {}

  async send(mail: Mail): Promise<void> {
    await this.#client.send(
      new SendEmailCommand({ Content: { Raw: { Data: await composeMessage(this.from, mail) } } }),
    );
  }
}

/** Locally: each mail becomes an .eml file in the outbox folder, readable by any mail client. */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly directory: string,
    private readonly from: string,
  ) {}

  async send(mail: Mail): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const name = `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID().slice(0, 8)}.eml`;
    await writeFile(join(this.directory, name), await composeMessage(this.from, mail));
  }
}
