import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { type Client } from '@temporalio/client';
import crypto from 'node:crypto';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { createDepositInvoice } from '../../db/commands/deposit-invoices';
import { declineQuote } from '../../db/commands/decline-quote';
import { issueInvoice } from '../../services/invoicing/issue-invoice';
import { recordDocumentView } from '../../db/commands/record-document-view';
import { signQuote } from '../../db/commands/sign-quote';
import { type ClientRef } from '../../db/queries/client-accounts';
import { findClientQuote } from '../../db/queries/client-documents';
import { findContact } from '../../db/queries/contacts';
import { listQuoteDeposits } from '../../db/queries/deposits';
import { findQuoteSignature } from '../../db/queries/quote-signatures';
import { findStudio, type Studio } from '../../db/queries/studios';
import { type ClientAccountRow, type InvoiceRow, type QuoteRow } from '../../db/rows';
import { clientLocale } from '../../domain/accounts/client-locale';
import { type UserLocale } from '../../domain/accounts/users';
import { consentText } from '../../domain/client-portal/consent-text';
import { portalMessage } from '../../domain/client-portal/portal-messages';
import {
  type QuoteRefusal,
  quoteVersion,
  signerNameOf,
  signingRefusal,
} from '../../domain/client-portal/quote-signing';
import { ConflictError, DomainError, ValidationError } from '../../domain/errors';
import { displayNumber } from '../../domain/invoicing/document-number';
import { formatDateInZone } from '../../domain/wall-clock';
import { type Config } from '../../lib/config';
import { checkEInvoiceXml } from '../../lib/facturx/e-invoice-gate';
import { startJob } from '../../lib/jobs/start-job';
import { waitForJob } from '../../lib/jobs/wait-for-job';
import { assertPdfRenderer } from '../../lib/pdf-renderer';
import { type DownloadLink, downloadLink } from '../../lib/s3-links';
import { SIGNED_QUOTE_JOB } from '../../workflows/client-portal/contract';
import { DOCUMENT_PDF_JOB, type DocumentPdf } from '../../workflows/invoicing/contract';
import { keptFileLink } from '../invoicing/kept-pdf';

/** What the client's documents need: the database, Temporal (pdfs, the signed copy), storage and its links. */
export interface ClientDocumentsDeps {
  sequelize: Sequelize;
  temporal: Client;
  /** Reads and writes the signed pdf (private endpoint). */
  s3: S3Client;
  /** Signs the links the client follows (S3_PUBLIC_ENDPOINT). */
  publicS3: S3Client;
  config: Pick<Config, 'S3_BUCKET' | 'EXPORT_LINK_TTL_SECONDS' | 'EXPORT_SYNC_TIMEOUT_SECONDS' | 'CHROMIUM_PATH'>;
  logger: Logger;
}

/** The studio as a job's caller: the client's steps run under the studio's account. */
const studioCaller = (owner: Studio) => ({ id: owner.id, orgId: owner.id });

/** The client's language for a document: their contact's, else the studio's. */
export async function clientLanguage(deps: ClientDocumentsDeps, account: ClientAccountRow): Promise<UserLocale> {
  const [owner, contact] = await Promise.all([
    findStudio(deps.sequelize, account.owner_id),
    findContact(deps.sequelize, account.owner_id, account.contact_id),
  ]);
  return clientLocale(contact, owner);
}

/**
 * The pdf of a quote's current version: one render per version (the studio's pdf route meets the
 * same job), waited for. The client reads this file before signing.
 */
async function quotePdf(deps: ClientDocumentsDeps, quote: QuoteRow, owner: Studio, requestId?: string) {
  assertPdfRenderer(deps.config.CHROMIUM_PATH);
  const run = await startJob(
    deps.sequelize,
    deps.temporal,
    DOCUMENT_PDF_JOB,
    `quote:${quote.id}:${quote.updated_at.getTime()}`,
    { kind: 'quote', documentId: quote.id, ownerId: owner.id },
    { orgId: owner.id, userId: owner.id, entityId: quote.id, requestId },
  );
  return waitForJob<DocumentPdf>(deps.temporal, run, {
    seconds: deps.config.EXPORT_SYNC_TIMEOUT_SECONDS,
    what: 'pdf',
    gone: 'pdf',
  });
}

/** The link to a quote's pdf for its client: once signed, the signed copy (else the signed pdf itself); before, this version's. */
export async function clientQuotePdfLink(
  deps: ClientDocumentsDeps,
  quote: QuoteRow,
  requestId?: string,
): Promise<DownloadLink & { sha256: string | null }> {
  const { config, publicS3 } = deps;
  const signature = quote.signed_at ? await findQuoteSignature(deps.sequelize, quote.owner_id, quote.id) : null;
  if (signature) {
    const key = signature.certificate_pdf_key ?? signature.pdf_key;
    const link = await downloadLink(
      publicS3,
      config.S3_BUCKET,
      { key, filename: `quote-${quote.number ?? quote.id}-signed.pdf` },
      config.EXPORT_LINK_TTL_SECONDS,
    );
    return { ...link, sha256: signature.pdf_sha256 };
  }
  const owner = await findStudio(deps.sequelize, quote.owner_id);
  const file = await quotePdf(deps, quote, owner, requestId);
  return { ...(await downloadLink(publicS3, config.S3_BUCKET, file, config.EXPORT_LINK_TTL_SECONDS)), sha256: null };
}

/** The link to an issued invoice's kept pdf (rendered once at issue). */
export async function clientInvoicePdfLink(deps: ClientDocumentsDeps, invoice: InvoiceRow, requestId?: string) {
  const owner = await findStudio(deps.sequelize, invoice.owner_id);
  return keptFileLink(deps, 'invoice', invoice, studioCaller(owner), requestId);
}

/** The link to a credit note's kept pdf. */
export async function clientCreditNotePdfLink(
  deps: ClientDocumentsDeps,
  note: { id: string; owner_id: string; pdf_key: string | null; pdf_sha256: string | null },
  requestId?: string,
) {
  const owner = await findStudio(deps.sequelize, note.owner_id);
  return keptFileLink(deps, 'credit_note', note, studioCaller(owner), requestId);
}

/** The client opened a quote or invoice: its first view is recorded (QUOTE_VIEWED / INVOICE_VIEWED). */
export async function noteClientView(
  deps: ClientDocumentsDeps,
  kind: 'quote' | 'invoice',
  document: { id: string; owner_id: string; viewed_at: Date | null },
  requestId?: string,
): Promise<void> {
  if (document.viewed_at) return;
  document.viewed_at = (await recordDocumentView(deps.sequelize, kind, document, requestId)) ?? document.viewed_at;
}

/** What signing needs from the request: the client's typed name, consent, the version read, and where it came from. */
export interface SignRequest {
  signerName: string;
  consent: boolean;
  version: string;
  ipAddress: string;
  userAgent: string;
  requestId?: string;
}

/** The consent text the client is shown for a quote, in their language (kept with the signature). */
export const quoteConsent = (quote: QuoteRow, locale: UserLocale, timeZone: string) =>
  consentText(locale, displayNumber(quote, timeZone), Boolean(quote.contract));

/** A quote as its client reads it now, for the router to present: the studio's time zone and the signing state. */
export interface ClientQuoteView {
  quote: QuoteRow;
  timeZone: string;
  signing: { refusal: QuoteRefusal | null; consentText: string; signatureSha256: string | null };
}

/** A quote as its client reads it now: may they sign it today, and the consent they would tick. */
export async function clientQuoteView(
  deps: ClientDocumentsDeps,
  account: ClientAccountRow,
  quote: QuoteRow,
): Promise<ClientQuoteView> {
  const owner = await findStudio(deps.sequelize, account.owner_id);
  const locale = await clientLanguage(deps, account);
  const signature = quote.signed_at ? await findQuoteSignature(deps.sequelize, quote.owner_id, quote.id) : null;
  return {
    quote,
    timeZone: owner.time_zone,
    signing: {
      refusal: signingRefusal(quote, quoteVersion(quote), formatDateInZone(new Date(), owner.time_zone), locale),
      consentText: quoteConsent(quote, locale, owner.time_zone),
      signatureSha256: signature?.pdf_sha256 ?? null,
    },
  };
}

/** A deposit invoice made at signing, or why none could be (the signature stands either way). */
export type SigningDeposit = { invoice: InvoiceRow | null; problem: string | null };

/**
 * The first installment of a signed quote's schedule, billed and issued at once so the client can
 * pay it (issue 31 §2), as POST /api/quotes/:id/deposit-invoices and /issue do for the studio. A
 * deposit the studio already made is the one offered (issued if still a draft). A studio whose
 * profile cannot issue yet gets no deposit here, and the reason is answered.
 */
async function firstDeposit(deps: ClientDocumentsDeps, quote: QuoteRow, requestId?: string): Promise<SigningDeposit> {
  if (!quote.payment_schedule?.length) return { invoice: null, problem: null };
  const { sequelize } = deps;
  try {
    const existing = (await listQuoteDeposits(sequelize, quote.owner_id, quote.id)).find(
      (d) => d.deposit_installment === 0 && d.status !== 'CANCELLED',
    );
    const draft = existing ?? (await createDepositInvoice(sequelize, quote.owner_id, quote.id, 0, requestId));
    const issued =
      draft.status === 'DRAFT'
        ? await issueInvoice(sequelize, checkEInvoiceXml, quote.owner_id, draft.id, requestId)
        : draft;
    return { invoice: issued, problem: null };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    deps.logger.warn({ quoteId: quote.id, code: err.code }, 'No deposit invoice at signing');
    return { invoice: null, problem: err.message };
  }
}

/**
 * A client signs a quote (issue 31 §2): checked first (sent, unanswered, valid today in the
 * studio's calendar, the version read), the exact pdf of that version stored under a permanent
 * prefix with its SHA-256, the evidence recorded with the quote ACCEPTED in one transaction, the
 * signed copy made and mailed by a durable job, and the first installment billed when the quote
 * has a schedule.
 */
export async function signClientQuote(
  deps: ClientDocumentsDeps,
  account: ClientAccountRow,
  quoteId: string,
  request: SignRequest,
): Promise<{
  quote: QuoteRow;
  signature: { id: string; signed_at: Date; pdf_sha256: string };
  deposit: SigningDeposit;
}> {
  const { sequelize, config } = deps;
  // Every refusal in the client's language (issue 40 §11).
  const locale = await clientLanguage(deps, account);
  const signerName = signerNameOf(request.signerName);
  if (!signerName)
    throw new ValidationError(portalMessage('signer_name', locale), [
      { path: 'signer_name', message: 'must hold a name: letters, at most 200 characters' },
    ]);
  if (!request.consent)
    throw new ValidationError(portalMessage('consent', locale), [{ path: 'consent', message: 'must be true' }]);
  const quote = await findClientQuote(sequelize, account, quoteId);
  const owner = await findStudio(sequelize, account.owner_id);
  const today = formatDateInZone(new Date(), owner.time_zone);
  const refusal = signingRefusal(quote, request.version, today, locale);
  if (refusal) throw new ConflictError(refusal.code, refusal.message);

  // The exact file of the version read, copied where nothing deletes it, and its fingerprint.
  const file = await quotePdf(deps, quote, owner, request.requestId);
  const object = await deps.s3.send(new GetObjectCommand({ Bucket: config.S3_BUCKET, Key: file.key }));
  const bytes = Buffer.from(await object.Body!.transformToByteArray());
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
  const pdfKey = `pdfs/contracts/${owner.id}/${quote.id}/signed-${sha256.slice(0, 16)}.pdf`;
  await deps.s3.send(
    new PutObjectCommand({ Bucket: config.S3_BUCKET, Key: pdfKey, Body: bytes, ContentType: 'application/pdf' }),
  );

  const { quote: signed, signature } = await signQuote(sequelize, account, quoteId, {
    readVersion: request.version,
    today,
    requestId: request.requestId,
    evidence: {
      clientAccountId: account.id,
      signerName,
      signerEmail: account.email,
      ipAddress: request.ipAddress.slice(0, 64),
      userAgent: request.userAgent.slice(0, 1000) || 'unknown',
      consentText: quoteConsent(quote, locale, owner.time_zone),
      locale,
      pdfKey,
      pdfSha256: sha256,
    },
  });
  // The signed copy and its emails: durable, retried; a failure lands in the dead-letter queue for replay.
  await startJob(
    sequelize,
    deps.temporal,
    SIGNED_QUOTE_JOB,
    signature.id,
    { ownerId: owner.id, signatureId: signature.id },
    { orgId: owner.id, userId: owner.id, entityId: quote.id, requestId: request.requestId },
  );
  const deposit = await firstDeposit(deps, signed, request.requestId);
  return {
    quote: await findClientQuote(sequelize, account, quoteId),
    signature: { id: signature.id, signed_at: signature.signed_at, pdf_sha256: sha256 },
    deposit,
  };
}

/** A client declines a quote, with a reason if they give one. */
export async function declineClientQuote(
  deps: ClientDocumentsDeps,
  account: ClientAccountRow,
  quoteId: string,
  reason: string | null,
  requestId?: string,
): Promise<QuoteRow> {
  await findClientQuote(deps.sequelize, account, quoteId);
  const trimmed = reason?.trim() || null;
  await declineQuote(deps.sequelize, account, quoteId, trimmed, await clientLanguage(deps, account), requestId);
  return findClientQuote(deps.sequelize, account, quoteId);
}

export type { ClientRef };
