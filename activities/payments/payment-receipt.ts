import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { ApplicationFailure } from '@temporalio/common';
import crypto from 'node:crypto';
import { renderHtmlPdf } from '../../lib/html-pdf';
import { type Transporter } from 'nodemailer';
import { type Logger } from 'pino';
import { type markReceiptEmailed } from '../../db/commands/mark-receipt-emailed';
import { type recordReceiptPdf } from '../../db/commands/record-receipt-pdf';
import { type loadReceiptSources, type ReceiptSources } from '../../db/queries/payment-receipts';
import { type UserLocale } from '../../domain/accounts/users';
import { countryName } from '../../domain/countries';
import { DomainError } from '../../domain/errors';
import { toHundredths } from '../../domain/invoicing/money';
import { receiptEmail } from '../../domain/payments/receipt-email';
import { receiptFilename, receiptHtml, type ReceiptView } from '../../domain/payments/receipt-html';
import { paymentDay } from '../../domain/payments/payment-day';
import { type Chromium } from '../../lib/chromium';
import { readLogoDataUri } from '../../lib/studio-logo';
import { type PaymentReceiptActivities } from '../../workflows/payments/contract';
import { type Bound } from '../db-deps';

/** The receipt's reads and its records (db/queries/payment-receipts.ts, db/commands/record-receipt-pdf.ts, mark-receipt-emailed.ts). */
export interface PaymentReceiptDb {
  loadReceiptSources: Bound<typeof loadReceiptSources>;
  recordReceiptPdf: Bound<typeof recordReceiptPdf>;
  markReceiptEmailed: Bound<typeof markReceiptEmailed>;
}

export interface PaymentReceiptDeps extends PaymentReceiptDb {
  logger: Logger;
  s3: S3Client;
  bucket: string;
  chromium: Chromium;
  mailer: Transporter;
  mailFrom: string;
}

/** What the receipt shows, in `locale`: the sources as read, amounts in cents, the day on the studio's calendar. */
export function receiptViewOf(sources: ReceiptSources, locale: UserLocale): ReceiptView {
  return {
    locale,
    currency: sources.invoice.currency,
    number: sources.receipt.number,
    studio: {
      name: sources.studio.name,
      address: [...sources.studio.address, countryName(sources.studio.country, locale)].filter((line): line is string =>
        Boolean(line),
      ),
    },
    client: sources.invoice.buyer_name
      ? { name: sources.invoice.buyer_name, email: sources.invoice.buyer_email }
      : null,
    invoice: {
      number: sources.invoice.number ?? sources.invoice.id.slice(0, 8),
      title: sources.invoice.title,
      totalCents: toHundredths(sources.invoice.amount),
    },
    payment: {
      amountCents: toHundredths(sources.payment.amount),
      method: sources.payment.method,
      receivedOn: paymentDay(sources.payment.received_at, sources.studio.time_zone),
      reference: sources.payment.reference,
    },
    balanceAfterCents: toHundredths(sources.receipt.balance_after),
  };
}

/** A domain error (the receipt is gone) is for good: no retry fixes it. */
async function failingForGood<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof DomainError)
      throw ApplicationFailure.create({ type: err.code, message: err.message, nonRetryable: true });
    throw err;
  }
}

/**
 * A payment's receipt (issue 31 §3): the pdf rendered with Chromium in the client's language and
 * kept under pdfs/receipts/ (permanent; the first recorded is kept for good, so a receipt is never
 * regenerated), then emailed to the client with the pdf attached, once.
 */
export function createPaymentReceiptActivities(deps: PaymentReceiptDeps): PaymentReceiptActivities {
  return {
    renderPaymentReceipt: ({ paymentId, ownerId }) =>
      failingForGood(async () => {
        const sources = await deps.loadReceiptSources(ownerId, paymentId);
        const { receipt } = sources;
        if (receipt.pdf_key && receipt.pdf_sha256) {
          const locale = receipt.locale ?? sources.locale;
          return {
            receiptId: receipt.id,
            key: receipt.pdf_key,
            sha256: receipt.pdf_sha256,
            filename: receiptFilename({ locale, number: receipt.number }),
          };
        }
        const view = receiptViewOf(sources, sources.locale);
        view.logoDataUri = await readLogoDataUri(deps, sources.studio.logo_key);
        const bytes = await renderHtmlPdf(deps.chromium, receiptHtml(view));
        const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
        // The hash in the key: two renders racing each write their own object; the one recorded is never overwritten.
        const key = `pdfs/receipts/${ownerId}/${sources.invoice.id}/${receiptFilename(view).replace(/\.pdf$/, '')}-${sha256.slice(0, 16)}.pdf`;
        await deps.s3.send(
          new PutObjectCommand({ Bucket: deps.bucket, Key: key, Body: bytes, ContentType: 'application/pdf' }),
        );
        const kept = await deps.recordReceiptPdf(ownerId, receipt.id, { key, sha256, locale: view.locale });
        return {
          receiptId: receipt.id,
          key: kept.key,
          sha256: kept.sha256,
          filename: receiptFilename({ locale: kept.locale, number: receipt.number }),
        };
      }),

    sendPaymentReceipt: ({ jobRunId, payload, pdf }) =>
      failingForGood(async () => {
        const sources = await deps.loadReceiptSources(payload.ownerId, payload.paymentId);
        const { receipt } = sources;
        if (receipt.emailed_at) return { receipt: receipt.number, email: 'already_sent' as const };
        if (!sources.email) {
          deps.logger.info({ jobRunId, receiptId: receipt.id }, 'Receipt kept; the client has no email address');
          return { receipt: receipt.number, email: 'no_email' as const };
        }
        // The email speaks the pdf's language.
        const view = receiptViewOf(sources, receipt.locale ?? sources.locale);
        const message = receiptEmail(view);
        const object = await deps.s3.send(new GetObjectCommand({ Bucket: deps.bucket, Key: pdf.key }));
        await deps.mailer.sendMail({
          from: deps.mailFrom,
          to: sources.email,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: [
            {
              filename: pdf.filename,
              content: Buffer.from(await object.Body!.transformToByteArray()),
              contentType: 'application/pdf',
            },
          ],
          // The same Message-ID on every attempt: a receiving system can drop a duplicate.
          messageId: `<receipt-${receipt.id}@studio.local>`,
        });
        await deps.markReceiptEmailed(payload.ownerId, receipt.id, sources.email);
        deps.logger.info({ jobRunId, receiptId: receipt.id }, 'Receipt emailed');
        return { receipt: receipt.number, email: 'sent' as const };
      }),
  };
}
