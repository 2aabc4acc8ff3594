import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { type Api, ok } from '../api.ts';
import { type ConsoleContext, managedCustomers } from '../context.ts';
import { ActionButton, ApiForm, ProblemView } from '../forms.tsx';
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

/** The usage of one month (this month first), and a form to read another. */
function UsageByMonth(props: { api: Api; customerId: string }) {
  const [usage, setUsage] = useState<Usage | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const read = async (wanted: string | undefined) =>
    (await ok(
      props.api.GET('/customers/{customer_id}/billing/usage', {
        params: { path: { customer_id: props.customerId }, query: wanted ? { month: wanted } : {} },
      }),
    )) as unknown as Usage;
  // Run once: this month's usage is read once, when the page opens
  useEffect(() => {
    read(undefined).then(setUsage, setProblem);
  }, []);
  return (
    <>
      <ApiForm
        title="Usage by month"
        fields={[{ name: 'month', label: 'Month', type: 'month' }]}
        submit="Show usage"
        action={async (values) => {
          // Read here, so a refused month shows beside the form; the table follows.
          setUsage(await read(values.month || undefined));
          setProblem(null);
          return undefined;
        }}
      />
      <section aria-label="Usage">
        {problem ? <ProblemView error={problem} /> : null}
        {usage ? (
          <>
            <h3>{`Usage in ${usage.month}: ${usage.total} ${usage.currency}`}</h3>
            <Table<UsageItem>
              caption={`Charges in ${usage.month}`}
              columns={[
                { title: 'Job', cell: (item) => item.job_id },
                { title: 'Type', cell: (item) => item.job_type },
                { title: 'Products', cell: (item) => String(item.quantity) },
                { title: 'Amount', cell: (item) => `${item.amount} EUR${item.capped ? ' (capped)' : ''}` },
                { title: 'Settled', cell: (item) => when(item.settled_at) },
              ]}
              items={usage.items}
            />
          </>
        ) : (
          <p>Loading…</p>
        )}
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

/** Balance, held and spendable credit, usage by month, top-up through the checkout, invoices. */
export async function billingPage(context: ConsoleContext, params: string[]): Promise<JSX.Element> {
  const customers = managedCustomers(context);
  if (customers.length === 0) {
    return (
      <div>
        <h1>Billing</h1>
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
  const [balance, invoices, record] = await Promise.all([
    ok(api.GET('/customers/{customer_id}/billing/balance', path)),
    ok(api.GET('/customers/{customer_id}/billing/invoices', path)),
    ok(api.GET('/customers/{customer_id}', path)),
  ]);
  type Invoice = (typeof invoices)[number];
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
  const quotas = (record as unknown as { quotas: Record<string, string | number> }).quotas;
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
      <Table<Invoice>
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
        items={invoices}
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
