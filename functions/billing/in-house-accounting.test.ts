import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { asCents } from '#core/money';
import { pageText } from '#test/pdf-text';
import { formatInvoiceNumber } from './accounting.ts';
import {
  InHouseAccounting,
  type InvoiceFiles,
  type InvoiceRecords,
  type StoredInvoice,
} from './in-house-accounting.ts';

class MemoryInvoices implements InvoiceRecords {
  readonly invoices: StoredInvoice[] = [];
  readonly years: number[] = [];
  async issue(input: Parameters<InvoiceRecords['issue']>[0]) {
    const existing = this.invoices.find((invoice) => invoice.sessionId === input.sessionId);
    if (existing) return existing;
    const { year, ...fields } = input;
    this.years.push(year);
    const invoice = {
      ...fields,
      invoiceId: `inv_${this.invoices.length + 1}`,
      number: formatInvoiceNumber(year, this.invoices.length + 1),
    };
    this.invoices.push(invoice);
    return invoice;
  }
  async get(customerId: string, invoiceId: string) {
    return this.invoices.find((i) => i.customerId === customerId && i.invoiceId === invoiceId) ?? null;
  }
  async list(customerId: string, page: { limit: number }) {
    const invoices = this.invoices.filter((invoice) => invoice.customerId === customerId).reverse();
    return { invoices: invoices.slice(0, page.limit), next: undefined };
  }
}

class MemoryFiles implements InvoiceFiles {
  readonly files = new Map<string, Uint8Array>();
  async put(key: string, pdf: Uint8Array) {
    this.files.set(key, pdf);
  }
  async get(key: string) {
    return this.files.get(key) ?? null;
  }
}

const seller = { name: 'Product Data Service s.r.o.', addressLines: ['Praha'] };
const request = {
  customerId: 'cus_1',
  customerName: 'Acme Retail',
  sessionId: 'cs_1',
  topupId: 'top_1',
  amountCents: asCents(4200),
  currency: 'EUR',
  paidAt: new Date('2026-12-31T23:30:00Z'),
};

function accountingAt(now: string) {
  const records = new MemoryInvoices();
  const files = new MemoryFiles();
  const accounting = new InHouseAccounting({ records, files, seller, now: () => new Date(now) });
  return { records, files, accounting };
}

describe('InHouseAccounting', () => {
  it('issues one invoice per session, numbered in the Prague year, with its PDF in the bucket', async () => {
    // 23:30 UTC on 31 December is already the next year in Prague.
    const { records, files, accounting } = accountingAt('2026-12-31T23:30:00Z');

    const invoice = await accounting.issueInvoice(request);
    const again = await accounting.issueInvoice(request);

    expect(invoice).toEqual({
      invoice_id: 'inv_1',
      number: '2027-000001',
      session_id: 'cs_1',
      amount: '42.00',
      currency: 'EUR',
      issued_at: '2026-12-31T23:30:00.000Z',
    });
    expect(again).toEqual(invoice);
    expect(records.years).toEqual([2027]);
    expect([...files.files.keys()]).toEqual(['invoices/cus_1/inv_1.pdf']);
    expect(await accounting.listInvoices('cus_1', { limit: 20 })).toEqual({
      invoices: [invoice],
      next: undefined,
    });
  });

  it('serves the stored PDF, and renders the same document when the upload was lost', async () => {
    const { files, accounting } = accountingAt('2026-03-01T10:00:00Z');
    const invoice = await accounting.issueInvoice(request);
    const stored = files.files.get('invoices/cus_1/inv_1.pdf');

    const served = await accounting.renderInvoicePdf('cus_1', invoice.invoice_id);
    files.files.clear();
    const rendered = await accounting.renderInvoicePdf('cus_1', invoice.invoice_id);

    expect(served).toBe(stored);
    expect(rendered).toEqual(stored);
    expect(files.files.size).toBe(0);
    const pdf = await PDFDocument.load(rendered, { updateMetadata: false });
    expect(pdf.getPages().flatMap(pageText)).toEqual(
      expect.arrayContaining(['Number: 2026-000001', 'Acme Retail', '42.00 EUR']),
    );
  });

  it("refuses an unknown invoice and another customer's invoice", async () => {
    const { accounting } = accountingAt('2026-03-01T10:00:00Z');
    const invoice = await accounting.issueInvoice(request);

    await expect(accounting.renderInvoicePdf('cus_1', 'inv_missing')).rejects.toMatchObject({
      code: 'INVOICE_NOT_FOUND',
    });
    await expect(accounting.renderInvoicePdf('cus_2', invoice.invoice_id)).rejects.toMatchObject({
      code: 'INVOICE_NOT_FOUND',
    });
  });
});
