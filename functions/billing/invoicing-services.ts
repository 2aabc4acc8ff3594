import { onFirstUse, setting } from '#platform/config';
import { s3Client } from '#platform/s3-services';
import { invoiceRecords } from './dynamo-invoice-records.ts';
import { InHouseAccounting } from './in-house-accounting.ts';
import { S3InvoiceFiles } from './s3-invoice-files.ts';

/**
 * The accounting adapter of this deployment: the in-house one, PDFs in the data bucket. Apart from
 * the payment providers (billing-services.ts), so the invoice routes do not carry the Stripe library.
 * Built on first use, so importing it reads no setting.
 */
export const accounting = onFirstUse(
  () =>
    new InHouseAccounting({
      records: invoiceRecords,
      files: new S3InvoiceFiles(s3Client(), setting('DATA_BUCKET')),
      seller: {
        name: setting('INVOICE_SELLER_NAME') ?? 'Product Data Service',
        addressLines: (setting('INVOICE_SELLER_ADDRESS') ?? '')
          .split(';')
          .map((line) => line.trim())
          .filter(Boolean),
        vatId: setting('INVOICE_SELLER_VAT_ID'),
        email: setting('INVOICE_SELLER_EMAIL'),
      },
    }),
);
