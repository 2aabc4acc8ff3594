import type { ListPosition } from '#core/list-cursor';
import { type Cents, formatMoney } from '#core/money';
import { pragueMonthOf } from '#core/prague-month';
import {
  type Accounting,
  type Invoice,
  type InvoicePage,
  type InvoiceRequest,
  invoiceNotFound,
} from './accounting.ts';
import { renderInvoicePdf, type Seller } from './invoice-pdf.ts';

/** An issued invoice as the in-house accounting keeps it. */
export interface StoredInvoice {
  invoiceId: string;
  number: string;
  customerId: string;
  customerName: string;
  sessionId: string;
  topupId: string;
  amountCents: Cents;
  currency: string;
  issuedAt: string;
}

/** Where the rendered PDFs are kept (the data bucket in S3). */
export interface InvoiceFiles {
  put(key: string, pdf: Uint8Array): Promise<void>;
  /** The file, or null when there is none under `key`. */
  get(key: string): Promise<Uint8Array | null>;
}

/** The invoice records: gap-free numbers per year, one invoice per checkout session. */
export interface InvoiceRecords {
  issue(invoice: Omit<StoredInvoice, 'invoiceId' | 'number'> & { year: number }): Promise<StoredInvoice>;
  get(customerId: string, invoiceId: string): Promise<StoredInvoice | null>;
  list(
    customerId: string,
    page: InvoicePage,
  ): Promise<{ invoices: StoredInvoice[]; next: ListPosition | undefined }>;
}

/**
 * The default accounting adapter: numbers invoices in the table and renders each PDF itself, once
 * at issue into the bucket. A PDF whose upload failed is rendered again when asked for (the renderer
 * is deterministic, so it is the same document), without writing: reading an invoice stays a read.
 */
export class InHouseAccounting implements Accounting {
  readonly #records: InvoiceRecords;
  readonly #files: InvoiceFiles;
  readonly #seller: Seller;
  readonly #now: () => Date;

  constructor(options: { records: InvoiceRecords; files: InvoiceFiles; seller: Seller; now?: () => Date }) {
    this.#records = options.records;
    this.#files = options.files;
    this.#seller = options.seller;
    this.#now = options.now ?? (() => new Date());
  }

  async issueInvoice(request: InvoiceRequest): Promise<Invoice> {
    const issuedAt = this.#now();
    const stored = await this.#records.issue({
      customerId: request.customerId,
      customerName: request.customerName,
      sessionId: request.sessionId,
      topupId: request.topupId,
      amountCents: request.amountCents,
      currency: request.currency,
      issuedAt: issuedAt.toISOString(),
      // Numbered on the seller's calendar, Prague's, like the date printed on the invoice.
      year: Number(pragueMonthOf(issuedAt).slice(0, 4)),
    });
    await this.#files.put(pdfKey(stored), await this.#render(stored));
    return invoiceRecord(stored);
  }

  async listInvoices(customerId: string, page: InvoicePage) {
    const { invoices, next } = await this.#records.list(customerId, page);
    return { invoices: invoices.map(invoiceRecord), next };
  }

  async renderInvoicePdf(customerId: string, invoiceId: string): Promise<Uint8Array> {
    const stored = await this.#records.get(customerId, invoiceId);
    if (!stored) throw invoiceNotFound(invoiceId);
    return (await this.#files.get(pdfKey(stored))) ?? this.#render(stored);
  }

  #render(invoice: StoredInvoice): Promise<Uint8Array> {
    return renderInvoicePdf({
      number: invoice.number,
      issuedAt: new Date(invoice.issuedAt),
      customer: { id: invoice.customerId, name: invoice.customerName },
      amountCents: invoice.amountCents,
      currency: invoice.currency,
      sessionId: invoice.sessionId,
      seller: this.#seller,
    });
  }
}

const pdfKey = (invoice: StoredInvoice) => `invoices/${invoice.customerId}/${invoice.invoiceId}.pdf`;

const invoiceRecord = (invoice: StoredInvoice): Invoice => ({
  invoice_id: invoice.invoiceId,
  number: invoice.number,
  session_id: invoice.sessionId,
  amount: formatMoney(invoice.amountCents),
  currency: invoice.currency,
  issued_at: invoice.issuedAt,
});
