import { ok } from '../api.ts';
import type { ConsoleContext } from '../context.ts';
import { apiForm } from '../forms.ts';

/** Asks sales or support for contact, by e-mail, or by phone when a phone is given. */
export function contactForm(context: ConsoleContext): HTMLFormElement {
  return apiForm(
    'Contact sales or support',
    [
      {
        name: 'reason',
        label: 'Who should answer',
        type: 'select',
        options: [
          { value: 'SALES', label: 'Sales' },
          { value: 'SUPPORT', label: 'Support' },
        ],
      },
      { name: 'message', label: 'Message', type: 'textarea' },
      { name: 'email', label: 'E-mail (if not your account address)', type: 'text' },
      { name: 'phone', label: 'Phone (to be called instead)', type: 'text' },
    ],
    'Send request',
    async (values) => {
      const optional = (value: string | undefined) => (value?.trim() ? value.trim() : null);
      const created = await ok(
        context.api.POST('/contact-requests', {
          body: {
            reason: values.reason === 'SALES' ? 'SALES' : 'SUPPORT',
            message: optional(values.message),
            email: optional(values.email),
            phone: optional(values.phone),
          },
        }),
      );
      return `Sent. The ${created.team.toLowerCase()} team will answer by ${created.channel === 'PHONE' ? 'phone' : 'e-mail'}.`;
    },
  );
}
