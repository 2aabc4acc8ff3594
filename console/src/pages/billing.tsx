import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { type Api, ok, page } from '../api.ts';
import { type ConsoleContext, type Membership, managedCustomers } from '../context.ts';
import { ActionButton, ApiForm } from '../forms.tsx';
import { PAGE_SIZE, PagedList } from '../paged-list.tsx';
import { Fact, Table, when } from '../ui.tsx';
import { ContactForm } from './contact.tsx';

interface UsageItem {
  job_id: string;
  job_type: string;
  project_id: string;
  quantity: number;
  amount: string;
  capped: boolean;
  settled_at: string;
}

interface Usage {
  month: string;
  total: string;
  currency: string;
  items: UsageItem[];
}

type UsageTotal = Omit<Usage, 'items'>;

/**
 * The usage of one month (this month first) and a form to read another: the month's total, and its
 * charges paged by cursor like every list.
 */
function UsageByMonth(props: { api: Api; customerId: string }) {
  const [month, setMonth] = useState<string | undefined>(undefined);
  const [total, setTotal] = useState<UsageTotal | null>(null);
  const read = async (wanted: string | undefined, cursor: string | null) => {
    const answer = await page(
      props.api.GET('/customers/{customer_id}/billing/usage', {
        params: {
          path: { customer_id: props.customerId },
          query: { ...(wanted ? { month: wanted } : {}), limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
        },
      }),
    );
    const usage = answer.items as unknown as Usage;
    return { usage, next: answer.next };
  };
  return (
    <>
      <ApiForm
        title="Usage by month"
        fields={[{ name: 'month', label: 'Month', type: 'month' }]}
        submit="Show usage"
        action={async (values) => {
          // Read here, so a refused month shows beside the form; the charges follow.
          const wanted = values.month || undefined;
          await read(wanted, null);
          setMonth(wanted);
          return undefined;
        }}
      />
      <section aria-label="Usage">
        {total ? <h3>{`Usage in ${total.month}: ${total.total} ${total.currency}`}</h3> : null}
        <PagedList<UsageItem>
          key={month ?? 'this month'}
          caption={total ? `Charges in ${total.month}` : 'Charges'}
          columns={[
            { title: 'Job', cell: (item) => item.job_id },
            { title: 'Type', cell: (item) => item.job_type },
            { title: 'Products', cell: (item) => String(item.quantity) },
            { title: 'Amount', cell: (item) => `${item.amount} EUR${item.capped ? ' (capped)' : ''}` },
            { title: 'Settled', cell: (item) => when(item.settled_at) },
          ]}
          load={async (cursor) => {
            const { usage, next } = await read(month, cursor);
            setTotal({ month: usage.month, total: usage.total, currency: usage.currency });
            return { items: usage.items, next };
          }}
        />
      </section>
    </>
  );
}

/**
 * A checkout started: the payment provider's page (locally the service's own) opens in a new tab,
 * and the console checks the session when the user comes back.
 */
function Checkout(props: {
  context: ConsoleContext;
  customerId: string;
  checkoutUrl: string;
  sessionId: string;
}) {
  const [status, setStatus] = useState('');
  return (
    <span>
      <a href={props.checkoutUrl} target="_blank" rel="noopener">
        Pay on the checkout page
      </a>{' '}
      <ActionButton
        label="Check payment"
        action={async () => {
          const topup = await ok(
            props.context.api.GET('/customers/{customer_id}/billing/topups/{session_id}', {
              params: { path: { customer_id: props.customerId, session_id: props.sessionId } },
            }),
          );
          setStatus(
            topup.credited ? `Credited ${topup.amount} ${topup.currency}.` : `Payment ${topup.status}.`,
          );
          if (topup.credited) props.context.go(location.hash);
        }}
      />
      <span aria-live="polite">{status}</span>
    </span>
  );
}

type Quotas = Record<string, string | number>;

const quotaText = (quotas: Quotas | undefined) =>
  Object.entries(quotas ?? {})
    .map(([name, value]) => `${name.replaceAll('_', ' ')}: ${value}`)
    .join(' · ');

/**
 * Every customer the user belongs to, with the user's role and the customer's quotas, whether the
 * user may manage its billing or not (a MEMBER, or a customer whose billing is managed for it).
 */
async function membershipsTable(context: ConsoleContext): Promise<JSX.Element | null> {
  if (context.customers.length === 0) return null;
  const records = await Promise.all(
    context.customers.map((customer) =>
      ok(
        context.api.GET('/customers/{customer_id}', {
          params: { path: { customer_id: customer.customer_id } },
        }),
      ),
    ),
  );
  const quotas = new Map(
    context.customers.map((customer, index) => [
      customer.customer_id,
      (records[index] as unknown as { quotas?: Quotas }).quotas,
    ]),
  );
  return (
    <Table<Membership>
      caption="Your customers"
      columns={[
        { title: 'Customer', cell: (customer) => customer.name },
        { title: 'Your role', cell: (customer) => customer.role },
        {
          title: 'Billing',
          cell: (customer) => (customer.managed ? 'Managed by the service' : 'Self-service'),
        },
        { title: 'Quotas', cell: (customer) => quotaText(quotas.get(customer.customer_id)) || '—' },
      ]}
      items={context.customers}
    />
  );
}

/** Balance, held and spendable credit, usage by month, top-up through the checkout, invoices. */
export async function billingPage(context: ConsoleContext, params: string[]): Promise<JSX.Element> {
  const customers = managedCustomers(context);
  const memberships = await membershipsTable(context);
  if (customers.length === 0) {
    return (
      <div>
        <h1>Billing</h1>
        {memberships}
        <p>
          {context.scope === 'PROJECT'
            ? 'A project key cannot read or top up the credit; sign in with a key for all projects.'
            : 'Billing is for the owners and admins of a customer.'}
        </p>
        <ContactForm context={context} />
      </div>
    );
  }
  const customer = customers.find((candidate) => candidate.customer_id === params[0]) ?? customers[0];
  if (!customer) throw new Error('No customer');
  const api = context.api;
  const path = { params: { path: { customer_id: customer.customer_id } } };
  const [balance, record] = await Promise.all([
    ok(api.GET('/customers/{customer_id}/billing/balance', path)),
    ok(api.GET('/customers/{customer_id}', path)),
  ]);
  const invoices = (cursor: string | null) =>
    page(
      api.GET('/customers/{customer_id}/billing/invoices', {
        params: {
          path: { customer_id: customer.customer_id },
          query: { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
        },
      }),
    );
  type Invoice = Awaited<ReturnType<typeof invoices>>['items'][number];
  const downloadPdf = async (invoice: Invoice) => {
    // The PDF route needs the key, so the console reads it and hands the browser a blob.
    const pdf = await ok(
      api.GET('/customers/{customer_id}/billing/invoices/{invoice_id}/pdf', {
        params: { path: { customer_id: customer.customer_id, invoice_id: invoice.invoice_id } },
        parseAs: 'blob',
      }),
    );
    const url = URL.createObjectURL(pdf as Blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${invoice.number}.pdf`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  const quotas = (record as unknown as { quotas: Quotas }).quotas;
  return (
    <div>
      <h1>Billing</h1>
      {customers.length > 1 ? (
        <nav aria-label="Customers">
          {customers.map((other) => (
            <a href={`#/billing/${other.customer_id}`} aria-current={other === customer ? 'page' : undefined}>
              {other.name}
            </a>
          ))}
        </nav>
      ) : null}
      {memberships}
      <h2>{`${customer.name} (you are ${customer.role})`}</h2>
      <dl class="facts balance">
        <Fact term="Balance">{`${balance.balance} ${balance.currency}`}</Fact>
        <Fact term="Held">{`${balance.held} ${balance.currency}`}</Fact>
        <Fact term="Spendable">{`${balance.spendable} ${balance.currency}`}</Fact>
      </dl>
      <ApiForm
        title="Top up the credit"
        fields={[{ name: 'amount', label: 'Amount (EUR)', required: true, placeholder: '25.00' }]}
        submit="Go to checkout"
        action={async (values) => {
          const started = await ok(
            api.POST('/customers/{customer_id}/billing/topup', {
              ...path,
              body: { amount: (values.amount ?? '').trim() },
            }),
          );
          return (
            <Checkout
              context={context}
              customerId={customer.customer_id}
              checkoutUrl={started.checkout_url}
              sessionId={started.session_id}
            />
          );
        }}
      />
      <UsageByMonth api={api} customerId={customer.customer_id} />
      <h2>Invoices</h2>
      <PagedList<Invoice>
        caption="Invoices"
        columns={[
          { title: 'Number', cell: (invoice) => invoice.number },
          { title: 'Amount', cell: (invoice) => `${invoice.amount} ${invoice.currency}` },
          { title: 'Issued', cell: (invoice) => when(invoice.issued_at) },
          {
            title: 'PDF',
            cell: (invoice) => (
              <ActionButton
                label="Download PDF"
                ariaLabel={`Download PDF of invoice ${invoice.number}`}
                action={() => downloadPdf(invoice)}
              />
            ),
          },
        ]}
        load={invoices}
      />
      <ContactForm context={context} />
      <h2>Quotas</h2>
      <dl class="facts">
        {Object.entries(quotas ?? {}).map(([name, value]) => (
          <Fact term={name.replaceAll('_', ' ')}>{String(value)}</Fact>
        ))}
      </dl>
    </div>
  );
}
