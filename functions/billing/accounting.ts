import type { ListPosition } from '#core/list-cursor';
import type { Cents } from '#core/money';
import { BadGateway, NotFound, Unavailable } from '#core/problem';

/**
 * The accounting port: one invoice per paid top-up. The default adapter numbers invoices in the
 * table and renders the PDF itself (invoice-pdf.ts); an external accounting system can replace it
 * without the billing handlers noticing.
 */

/** The interface's invoice record. */
export interface Invoice {
  invoice_id: string;
  /** `YYYY-NNNNNN`, gap-free within a year: see formatInvoiceNumber. */
  number: string;
  session_id: string;
  amount: string;
  currency: string;
  issued_at: string;
}

export interface InvoiceRequest {
  customerId: string;
  customerName: string;
  /** The paid checkout session; an invoice is issued once per session. */
  sessionId: string;
  topupId: string;
  amountCents: Cents;
  currency: string;
  paidAt: Date;
}

/** A page of invoices: at most `limit`, after the one `after` names (a position the last page gave). */
export interface InvoicePage {
  limit: number;
  after?: ListPosition;
}

export interface Accounting {
  /** Issues the invoice of a paid top-up; a repeat for the same session answers the first invoice. */
  issueInvoice(request: InvoiceRequest): Promise<Invoice>;
  /** One page of the customer's invoices, newest first, and where the next page starts when one follows. */
  listInvoices(
    customerId: string,
    page: InvoicePage,
  ): Promise<{ invoices: Invoice[]; next: ListPosition | undefined }>;
  /** The PDF of an issued invoice, as the accounting system keeps it; invoiceNotFound when there is none. */
  renderInvoicePdf(customerId: string, invoiceId: string): Promise<Uint8Array>;
}

const SEQUENCE_DIGITS = 6;

/**
 * The printed number of the `sequence`-th invoice of `year` (from 1), e.g. 2026-000042. The width
 * keeps numbers sorting as text; a year beyond 999999 invoices simply grows a digit.
 */
export function formatInvoiceNumber(year: number, sequence: number): string {
  if (!Number.isSafeInteger(year) || year < 1000 || year > 9999) {
    throw new RangeError(`Invoice year must have four digits, got ${year}`);
  }
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new RangeError(`Invoice sequence must be a whole number from 1, got ${sequence}`);
  }
  return `${year}-${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
}

/** The accounting system failed or answered something unusable (502). */
export const accountingError = (
  detail = 'The accounting system failed. Please try again later.',
  cause?: unknown,
) => BadGateway('ACCOUNTING_ERROR', detail, cause);

/** Invoicing is switched off or not configured (503). */
export const accountingUnavailable = (detail = 'Invoicing is unavailable at the moment.', cause?: unknown) =>
  Unavailable('INVOICING_UNAVAILABLE', detail, cause);

/** The customer has no invoice of that id (404). */
export const invoiceNotFound = (invoiceId: string) =>
  NotFound('INVOICE_NOT_FOUND', `Invoice ${invoiceId} was not found.`);
