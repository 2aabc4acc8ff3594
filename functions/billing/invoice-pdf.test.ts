import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { asCents } from '#core/money';
import { pageText } from '#test/pdf-text';
import { type InvoiceDocument, renderInvoicePdf } from './invoice-pdf.ts';

const invoice: InvoiceDocument = {
  number: '2026-000042',
  // 23:30 UTC on 31 May is 1 June in Prague, the seller's calendar.
  issuedAt: new Date('2026-05-31T23:30:00Z'),
  customer: { id: 'cus_01jx7c9v5q', name: 'Acme Retail s.r.o.' },
  amountCents: asCents(123_450),
  currency: 'EUR',
  sessionId: 'cs_test_a1b2c3',
  seller: {
    name: 'Product Data Service s.r.o.',
    addressLines: ['Vodickova 1', '110 00 Praha 1', 'Czech Republic'],
    vatId: 'CZ12345678',
    email: 'billing@product-data.example',
  },
};

async function render(document: InvoiceDocument) {
  const bytes = await renderInvoicePdf(document);
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  return { bytes, pdf, text: pdf.getPages().flatMap(pageText) };
}

describe('renderInvoicePdf', () => {
  it('renders a one-page PDF with the number, customer, amount, date and seller', async () => {
    const { bytes, pdf, text } = await render(invoice);

    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Invoice 2026-000042');
    expect(text).toEqual(
      expect.arrayContaining([
        'INVOICE',
        'Number: 2026-000042',
        'Issue date: 2026-06-01',
        'Acme Retail s.r.o.',
        'Customer ID: cus_01jx7c9v5q',
        '1234.50 EUR',
        'Checkout session cs_test_a1b2c3',
        'Product Data Service s.r.o.',
        '110 00 Praha 1',
        'VAT ID: CZ12345678',
        'billing@product-data.example',
      ]),
    );
  });

  it('renders the same invoice to the same bytes', async () => {
    const first = await renderInvoicePdf(invoice);
    const second = await renderInvoicePdf(invoice);

    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
  });

  it('prints Czech names with all their letters, on one line', async () => {
    const name = 'Čeněk Šťastný – Žluťoučký kůň s.r.o.';
    const { text } = await render({
      ...invoice,
      customer: { ...invoice.customer, name: name.replace(' – ', '\n – ') },
    });

    expect(text).toContain(name);
  });

  it('cuts a name too long for the page', async () => {
    const { text } = await render({
      ...invoice,
      customer: { ...invoice.customer, name: 'Very Long Name '.repeat(40) },
    });

    const name = text.find((line) => line.startsWith('Very Long Name'));
    expect(name?.endsWith('…')).toBe(true);
    expect(name?.length).toBeLessThan(200);
  });
});
