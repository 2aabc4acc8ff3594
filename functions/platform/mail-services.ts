import { needSetting, onFirstUse, setting } from './config.ts';
import { type Mailer, OutboxMailer, SesMailer } from './mailer.ts';

/** The outbox when the stage names one, else SES; chosen by the first mail of the cold start. */
const stageMailer = onFirstUse(
  (): Mailer =>
    setting('MAIL_OUTBOX_DIR')
      ? new OutboxMailer(needSetting('MAIL_OUTBOX_DIR'), setting('MAIL_FROM') ?? 'service@product-data.local')
      : new SesMailer(needSetting('MAIL_FROM')),
);

export const mailer: Mailer = { send: (mail) => stageMailer().send(mail) };

export const teamAddress = {
  get SALES() {
    return setting('SALES_EMAIL') ?? 'sales@product-data.example';
  },
  get SUPPORT() {
    return setting('SUPPORT_EMAIL') ?? 'support@product-data.example';
  },
};
