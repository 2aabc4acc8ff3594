import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { type Cents, formatMoney } from '#core/money';
import { INVOICE_FONTS, readInvoiceFont } from './invoice-fonts.ts';

/**
 * Renders the PDF of a top-up invoice with pdf-lib, in an embedded Unicode font: the standard PDF
 * fonts cover Windows-1252 only, and most customers have Czech names (Č, ě, ť).
 */

export interface Seller {
  name: string;
  addressLines: string[];
  vatId?: string;
  email?: string;
}

export interface InvoiceDocument {
  number: string;
  issuedAt: Date;
  customer: { id: string; name: string };
  amountCents: Cents;
  currency: string;
  sessionId: string;
  seller: Seller;
}

const PAGE_SIZE: [number, number] = [595.28, 841.89]; // A4 in points
const MARGIN = 56;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.4, 0.4, 0.4);
const FULL_WIDTH = PAGE_SIZE[0] - 2 * MARGIN;
const HALF_WIDTH = FULL_WIDTH / 2 - 12;

// Invoices are dated on the seller's calendar, which is Prague's.
const issueDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Prague',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

let fonts: Promise<[Uint8Array, Uint8Array]> | undefined;

/** Read once per process, on the first invoice, so handlers that never render one need no font file. */
function fontFiles(): Promise<[Uint8Array, Uint8Array]> {
  fonts ??= Promise.all([readInvoiceFont(INVOICE_FONTS.regular), readInvoiceFont(INVOICE_FONTS.bold)]);
  return fonts;
}

export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Uint8Array> {
  // Fixed metadata dates make the same invoice render to the same bytes every time.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`Invoice ${invoice.number}`);
  pdf.setSubject(`Prepaid credit top-up for ${invoice.customer.id}`);
  pdf.setAuthor(invoice.seller.name);
  pdf.setCreator('product-data-service');
  pdf.setProducer('pdf-lib');
  pdf.setCreationDate(invoice.issuedAt);
  pdf.setModificationDate(invoice.issuedAt);

  pdf.registerFontkit(fontkit);
  const [regularBytes, boldBytes] = await fontFiles();
  // Subsets keep the file small: only the glyphs the invoice uses are embedded.
  const regular = await pdf.embedFont(regularBytes, { subset: true });
  const bold = await pdf.embedFont(boldBytes, { subset: true });
  const page = pdf.addPage(PAGE_SIZE);
  const [width, height] = PAGE_SIZE;
  const right = width - MARGIN;
  const amount = `${formatMoney(invoice.amountCents)} ${invoice.currency}`;
  const date = issueDate.format(invoice.issuedAt);

  let y = height - MARGIN;
  // The seller block shares the top band with the invoice heading, so it keeps to the left half.
  write(page, invoice.seller.name, { x: MARGIN, y, font: bold, size: 12, maxWidth: HALF_WIDTH });
  const sellerLines = [
    ...invoice.seller.addressLines,
    ...(invoice.seller.vatId ? [`VAT ID: ${invoice.seller.vatId}`] : []),
    ...(invoice.seller.email ? [invoice.seller.email] : []),
  ];
  for (const line of sellerLines) {
    y -= 14;
    write(page, line, { x: MARGIN, y, font: regular, size: 10, color: MUTED, maxWidth: HALF_WIDTH });
  }

  y = height - MARGIN;
  writeRight(page, 'INVOICE', { x: right, y: y - 6, font: bold, size: 22 });
  writeRight(page, `Number: ${invoice.number}`, { x: right, y: y - 30, font: regular, size: 10 });
  writeRight(page, `Issue date: ${date}`, { x: right, y: y - 44, font: regular, size: 10 });

  y = height - MARGIN - 150;
  write(page, 'Bill to', { x: MARGIN, y, font: bold, size: 10, color: MUTED });
  write(page, invoice.customer.name, { x: MARGIN, y: y - 16, font: bold, size: 12 });
  write(page, `Customer ID: ${invoice.customer.id}`, { x: MARGIN, y: y - 30, font: regular, size: 10 });

  y -= 80;
  write(page, 'Description', { x: MARGIN, y, font: bold, size: 10 });
  writeRight(page, 'Amount', { x: right, y, font: bold, size: 10 });
  page.drawLine({
    start: { x: MARGIN, y: y - 6 },
    end: { x: right, y: y - 6 },
    thickness: 0.5,
    color: MUTED,
  });
  y -= 24;
  write(page, 'Prepaid credit top-up', { x: MARGIN, y, font: regular, size: 11 });
  write(page, `Checkout session ${invoice.sessionId}`, {
    x: MARGIN,
    y: y - 14,
    font: regular,
    size: 9,
    color: MUTED,
  });
  writeRight(page, amount, { x: right, y, font: regular, size: 11 });
  y -= 36;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.5, color: MUTED });
  y -= 20;
  write(page, 'Total', { x: MARGIN, y, font: bold, size: 12 });
  writeRight(page, amount, { x: right, y, font: bold, size: 12 });
  y -= 40;
  write(page, `Paid in full on ${date} through the hosted checkout.`, {
    x: MARGIN,
    y,
    font: regular,
    size: 10,
  });

  return pdf.save();
}

interface TextStyle {
  x: number;
  y: number;
  font: PDFFont;
  size: number;
  color?: ReturnType<typeof rgb>;
  maxWidth?: number;
}

function write(page: PDFPage, text: string, style: TextStyle): void {
  const line = fitted(oneLine(text), style, style.maxWidth ?? FULL_WIDTH);
  page.drawText(line, {
    x: style.x,
    y: style.y,
    font: style.font,
    size: style.size,
    color: style.color ?? INK,
  });
}

function writeRight(page: PDFPage, text: string, style: TextStyle): void {
  const line = fitted(oneLine(text), style, style.maxWidth ?? HALF_WIDTH);
  const x = style.x - style.font.widthOfTextAtSize(line, style.size);
  page.drawText(line, { x, y: style.y, font: style.font, size: style.size, color: style.color ?? INK });
}

/** Whitespace folded, so a name with line breaks stays on its one line. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Cuts text that would run past `maxWidth`, marking the cut with an ellipsis. */
function fitted(text: string, style: TextStyle, maxWidth: number): string {
  if (style.font.widthOfTextAtSize(text, style.size) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 0 && style.font.widthOfTextAtSize(`${chars.join('')}…`, style.size) > maxWidth)
    chars.pop();
  return `${chars.join('')}…`;
}
