import { type S3Client } from '@aws-sdk/client-s3';
import { type ClientReceipt } from '../../db/queries/payment-receipts';
import { DEFAULT_LOCALE } from '../../domain/accounts/client-locale';
import { receiptFilename } from '../../domain/payments/receipt-html';
import { type Config } from '../../lib/config';
import { type DownloadLink, downloadLink } from '../../lib/s3-links';

/** A signed link to a receipt's stored pdf, under its name in the receipt's language (the API and the portal page alike). */
export function receiptPdfLink(
  deps: { publicS3: S3Client; config: Pick<Config, 'S3_BUCKET' | 'EXPORT_LINK_TTL_SECONDS'> },
  receipt: ClientReceipt & { pdf_key: string },
): Promise<DownloadLink> {
  return downloadLink(
    deps.publicS3,
    deps.config.S3_BUCKET,
    {
      key: receipt.pdf_key,
      filename: receiptFilename({ locale: receipt.locale ?? DEFAULT_LOCALE, number: receipt.number }),
    },
    deps.config.EXPORT_LINK_TTL_SECONDS,
  );
}
