import type { JSX } from 'preact';
import { ok } from '../api.ts';
import type { ConsoleContext } from '../context.ts';
import { ApiForm } from '../forms.tsx';

/** Asks sales or support for contact, by e-mail, or by phone when a phone is given. */
export function ContactForm(props: { context: ConsoleContext }): JSX.Element {
  return (
    <ApiForm
      title="Contact sales or support"
      fields={[
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
      ]}
      submit="Send request"
      action={async (values) => {
        const optional = (value: string | undefined) => (value?.trim() ? value.trim() : null);
        const created = await ok(
          props.context.api.POST('/contact-requests', {
            body: {
              reason: values.reason === 'SALES' ? 'SALES' : 'SUPPORT',
              message: optional(values.message),
              email: optional(values.email),
              phone: optional(values.phone),
            },
          }),
        );
        return `Sent. The ${created.team.toLowerCase()} team will answer by ${created.channel === 'PHONE' ? 'phone' : 'e-mail'}.`;
      }}
    />
  );
}
