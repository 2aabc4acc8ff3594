import { ok } from '../api.ts';
import { type ConsoleContext, managedCustomers } from '../context.ts';
import { fill, h, table, when } from '../dom.ts';
import { actionButton, apiForm } from '../forms.ts';
import { contactForm } from './contact.ts';
import { fact } from './websites.ts';

interface UsageItem {
  job_id: string;
  job_type: string;
  project_id: string;
  quantity: number;
  amount: string;
  capped: boolean;
  settled_at: string;
}

/** Balance, held and spendable credit, usage by month, top-up through the checkout, invoices. */
export async function billingPage(context: ConsoleContext, params: string[]): Promise<HTMLElement> {
  const customers = managedCustomers(context);
  if (customers.length === 0) {
    return h(
      'div',
      {},
      h('h1', {}, 'Billing'),
      h(
        'p',
        {},
        context.scope === 'PROJECT'
          ? 'A project key cannot read or top up the credit; sign in with a key for all projects.'
          : 'Billing is for the owners and admins of a customer.',
      ),
      contactForm(context),
    );
  }
  const customer = customers.find((candidate) => candidate.customer_id === params[0]) ?? customers[0];
  if (!customer) throw new Error('No customer');
  const api = context.api;
  const path = { params: { path: { customer_id: customer.customer_id } } };
  const [balance, invoices, record] = await Promise.all([
    ok(api.GET('/customers/{customer_id}/billing/balance', path)),
    ok(api.GET('/customers/{customer_id}/billing/invoices', path)),
    ok(api.GET('/customers/{customer_id}', path)),
  ]);
  const usage = h('section', { 'aria-label': 'Usage' });
  const showUsage = async (month?: string) => {
    const read = await ok(
      api.GET('/customers/{customer_id}/billing/usage', {
        params: { path: { customer_id: customer.customer_id }, query: month ? { month } : {} },
      }),
    );
    fill(
      usage,
      h('h3', {}, `Usage in ${read.month}: ${read.total} ${read.currency}`),
      table<UsageItem>(
        `Charges in ${read.month}`,
        [
          { title: 'Job', cell: (item) => item.job_id },
          { title: 'Type', cell: (item) => item.job_type },
          { title: 'Products', cell: (item) => String(item.quantity) },
          { title: 'Amount', cell: (item) => `${item.amount} EUR${item.capped ? ' (capped)' : ''}` },
          { title: 'Settled', cell: (item) => when(item.settled_at) },
        ],
        read.items as unknown as UsageItem[],
      ),
    );
    return undefined;
  };
  await showUsage();
  const quotas = (record as unknown as { quotas: Record<string, string | number> }).quotas;
  return h(
    'div',
    {},
    h('h1', {}, 'Billing'),
    customers.length > 1
      ? h(
          'nav',
          { 'aria-label': 'Customers' },
          customers.map((other) =>
            h(
              'a',
              { href: `#/billing/${other.customer_id}`, 'aria-current': other === customer ? 'page' : null },
              other.name,
            ),
          ),
        )
      : null,
    h('h2', {}, `${customer.name} (you are ${customer.role})`),
    h(
      'dl',
      { class: 'facts balance' },
      fact('Balance', `${balance.balance} ${balance.currency}`),
      fact('Held', `${balance.held} ${balance.currency}`),
      fact('Spendable', `${balance.spendable} ${balance.currency}`),
    ),
    apiForm(
      'Top up the credit',
      [{ name: 'amount', label: 'Amount (EUR)', required: true, placeholder: '25.00' }],
      'Go to checkout',
      async (values) => {
        const started = await ok(
          api.POST('/customers/{customer_id}/billing/topup', {
            ...path,
            body: { amount: (values.amount ?? '').trim() },
          }),
        );
        // The checkout is the payment provider's page (locally the service's own); the console
        // opens it in a new tab and checks the session when the user comes back.
        const status = h('span', { 'aria-live': 'polite' });
        return h(
          'span',
          {},
          h(
            'a',
            { href: started.checkout_url, target: '_blank', rel: 'noopener' },
            'Pay on the checkout page',
          ),
          ' ',
          actionButton('Check payment', async () => {
            const topup = await ok(
              api.GET('/customers/{customer_id}/billing/topups/{session_id}', {
                params: { path: { customer_id: customer.customer_id, session_id: started.session_id } },
              }),
            );
            fill(
              status,
              topup.credited ? `Credited ${topup.amount} ${topup.currency}.` : `Payment ${topup.status}.`,
            );
            if (topup.credited) context.go(location.hash);
          }),
          status,
        );
      },
    ),
    apiForm('Usage by month', [{ name: 'month', label: 'Month', type: 'month' }], 'Show usage', (values) =>
      showUsage(values.month || undefined),
    ),
    usage,
    h('h2', {}, 'Invoices'),
    table(
      'Invoices',
      [
        { title: 'Number', cell: (invoice: (typeof invoices)[number]) => invoice.number },
        {
          title: 'Amount',
          cell: (invoice: (typeof invoices)[number]) => `${invoice.amount} ${invoice.currency}`,
        },
        { title: 'Issued', cell: (invoice: (typeof invoices)[number]) => when(invoice.issued_at) },
        {
          title: 'PDF',
          cell: (invoice: (typeof invoices)[number]) =>
            actionButton(
              'Download PDF',
              async () => {
                // The PDF route needs the key, so the console reads it and hands the browser a blob.
                const pdf = await ok(
                  api.GET('/customers/{customer_id}/billing/invoices/{invoice_id}/pdf', {
                    params: { path: { customer_id: customer.customer_id, invoice_id: invoice.invoice_id } },
                    parseAs: 'blob',
                  }),
                );
                const url = URL.createObjectURL(pdf as Blob);
                const link = h('a', { href: url, download: `${invoice.number}.pdf` });
                link.click();
                setTimeout(() => URL.revokeObjectURL(url), 60_000);
              },
              { 'aria-label': `Download PDF of invoice ${invoice.number}` },
            ),
        },
      ],
      invoices,
    ),
    contactForm(context),
    h('h2', {}, 'Quotas'),
    h(
      'dl',
      { class: 'facts' },
      Object.entries(quotas ?? {}).map(([name, value]) => fact(name.replaceAll('_', ' '), String(value))),
    ),
  );
}
