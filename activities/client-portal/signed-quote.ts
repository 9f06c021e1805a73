import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { ApplicationFailure } from '@temporalio/common';
import crypto from 'node:crypto';
import { type Transporter } from 'nodemailer';
import { PDFDocument } from 'pdf-lib';
import { type Logger } from 'pino';
import { type markSignatureEmailed, type recordSignedCopy } from '../../db/commands/signed-quote-copies';
import { type loadClientFace } from '../../db/queries/client-face';
import { type loadSignedQuote } from '../../db/queries/signed-quotes';
import { isFrench } from '../../domain/accounts/locale-language';
import { supportedLocale } from '../../domain/accounts/client-locale';
import { studioHeadHtml } from '../../domain/accounts/studio-head';
import { signatureCertificateHtml } from '../../domain/client-portal/signature-certificate';
import { displayNumber } from '../../domain/invoicing/document-number';
import { formatMoney } from '../../domain/invoicing/document-html';
import { toHundredths } from '../../domain/invoicing/money';
import { esc } from '../../domain/html-escape';
import { type Chromium } from '../../lib/chromium';
import { renderHtmlPdf } from '../../lib/html-pdf';
import { readLogoDataUri } from '../../lib/studio-logo';
import { type SignedQuoteActivities } from '../../workflows/client-portal/contract';
import { type Bound } from '../db-deps';

/** The signature's reads and records (db/queries/signed-quotes.ts, db/commands/signed-quote-copies.ts). */
export interface SignedQuoteDb {
  loadSignedQuote: Bound<typeof loadSignedQuote>;
  loadClientFace: Bound<typeof loadClientFace>;
  recordSignedCopy: Bound<typeof recordSignedCopy>;
  markSignatureEmailed: Bound<typeof markSignatureEmailed>;
}

export interface SignedQuoteDeps extends SignedQuoteDb {
  logger: Logger;
  s3: S3Client;
  bucket: string;
  chromium: Chromium;
  mailer: Transporter;
  mailFrom: string;
}

const readObject = async (deps: SignedQuoteDeps, key: string) => {
  const object = await deps.s3.send(new GetObjectCommand({ Bucket: deps.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
};

/** The signed pdf with the certificate's pages after it: the copy both parties keep. */
async function withCertificate(signed: Uint8Array, certificate: Uint8Array): Promise<Uint8Array> {
  const copy = await PDFDocument.load(signed);
  const pages = await PDFDocument.load(certificate);
  for (const page of await copy.copyPages(pages, pages.getPageIndices())) copy.addPage(page);
  return copy.save();
}

/**
 * Makes a signature's signed copy once (the pdf the client signed, untouched, followed by the
 * signature certificate page) and mails it to the client and to the studio (issue 31 §2). The
 * signed pdf itself is never rendered again: its hash is the evidence.
 */
export function createSignedQuoteActivities(deps: SignedQuoteDeps): SignedQuoteActivities {
  return {
    async deliverSignedQuote({ jobRunId, payload }) {
      const sources = await deps.loadSignedQuote(payload.ownerId, payload.signatureId);
      if (!sources)
        throw ApplicationFailure.create({ type: 'not_found', message: 'The signature is gone', nonRetryable: true });
      const { signature, quote, owner } = sources;
      const face = await deps.loadClientFace(owner.id, quote.contact_id);
      const locale = supportedLocale(signature.locale) ?? face?.locale ?? 'fr-FR';
      const studioName = face?.studioName ?? owner.email;
      const number = displayNumber({ ...quote, number: quote.number }, owner.time_zone);
      const signed = await readObject(deps, signature.pdf_key);
      let key = signature.certificate_pdf_key;
      let copy: Uint8Array;
      if (key) copy = await readObject(deps, key);
      else {
        const certificate = await renderHtmlPdf(
          deps.chromium,
          signatureCertificateHtml({
            locale,
            studioName,
            quoteNumber: number,
            quoteTitle: quote.title,
            amount: formatMoney(toHundredths(quote.amount), locale, quote.currency),
            signerName: signature.signer_name,
            signerEmail: signature.signer_email,
            signedAt: signature.signed_at,
            ipAddress: signature.ip_address,
            userAgent: signature.user_agent,
            consentText: signature.consent_text,
            pdfSha256: signature.pdf_sha256,
          }),
        );
        copy = await withCertificate(signed, certificate);
        const sha = crypto.createHash('sha256').update(copy).digest('hex');
        const written = `pdfs/contracts/${owner.id}/${quote.id}/signed-copy-${sha.slice(0, 16)}.pdf`;
        await deps.s3.send(
          new PutObjectCommand({ Bucket: deps.bucket, Key: written, Body: copy, ContentType: 'application/pdf' }),
        );
        key = await deps.recordSignedCopy(owner.id, signature.id, written);
        if (key !== written) copy = await readObject(deps, key);
      }
      const to = [...new Set([signature.signer_email, owner.email].map((a) => a.toLowerCase()))];
      if (!signature.emailed_at) {
        const french = isFrench(locale);
        const subject = french ? `Devis ${number} signé` : `Quote ${number} signed`;
        const when = signature.signed_at.toISOString().replace('T', ' ').slice(0, 16);
        const text = french
          ? `Le devis ${number} (${quote.title}) a été signé électroniquement par ${signature.signer_name} le ${when} UTC.\n\nLa copie signée, suivie de son certificat de signature, est jointe à ce message.\n\n${studioName}\n`
          : `Quote ${number} (${quote.title}) was signed electronically by ${signature.signer_name} on ${when} UTC.\n\nThe signed copy, followed by its signature certificate, is attached.\n\n${studioName}\n`;
        const logoDataUri = face ? await readLogoDataUri(deps, face.logoKey) : null;
        await deps.mailer.sendMail({
          from: deps.mailFrom,
          to,
          subject,
          text,
          html: `${studioHeadHtml({ studioName, logoDataUri })}<p style="white-space:pre-line">${esc(text)}</p>`,
          attachments: [
            {
              filename: `${french ? 'devis-signe' : 'signed-quote'}-${number}.pdf`,
              content: Buffer.from(copy),
              contentType: 'application/pdf',
            },
          ],
          messageId: `<signed-quote-${signature.id}@studio.local>`,
        });
        await deps.markSignatureEmailed(owner.id, signature.id);
      }
      deps.logger.info({ jobRunId, signatureId: signature.id, quoteId: quote.id }, 'Signed quote copy sent');
      return { key, to };
    },
  };
}
