import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { type UserLocale } from '../../domain/accounts/users';
import { signingRefusal } from '../../domain/client-portal/quote-signing';
import { AuditLog } from '../models/AuditLog';
import { Quote } from '../models/Quote';
import { QuoteSignature } from '../models/QuoteSignature';
import { type ClientRef } from '../queries/client-accounts';
import { recordDomainEvent } from './record-domain-event';

/** The evidence of a simple electronic signature, gathered by the portal (issue 31 §2). */
export interface SignatureEvidence {
  clientAccountId: string;
  signerName: string;
  signerEmail: string;
  ipAddress: string;
  userAgent: string;
  consentText: string;
  locale: UserLocale;
  /** The exact pdf signed, already stored under a permanent prefix, and its SHA-256. */
  pdfKey: string;
  pdfSha256: string;
}

/** One of the client's quotes, locked for the change (another client's or studio's: 404). */
export async function lockClientQuote(account: ClientRef, quoteId: string, transaction: Transaction): Promise<Quote> {
  const quote = await Quote.findOne({
    where: { id: quoteId, owner_id: account.owner_id, contact_id: account.contact_id },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  if (!quote) throw new NotFoundError('Quote');
  return quote;
}

/**
 * A client's answer to a quote, in the caller's transaction: the quote's new status, an audit
 * row saying the client did it (never the studio), QUOTE_STATUS_CHANGED as the studio's own
 * change fires it, and the client's step as its own event (QUOTE_SIGNED, QUOTE_DECLINED).
 */
export async function recordClientAnswer(
  sequelize: Sequelize,
  quote: Quote,
  answer: { status: 'ACCEPTED' | 'REJECTED'; event: 'QUOTE_SIGNED' | 'QUOTE_DECLINED'; clientAccountId: string },
  metadata: Record<string, unknown>,
  transaction: Transaction,
  requestId?: string,
): Promise<void> {
  const previous = quote.status;
  quote.status = answer.status;
  await quote.save({ transaction });
  const after = quote.get({ plain: true, clone: true }) as Record<string, unknown>;
  await AuditLog.create(
    {
      actor_id: null,
      action: answer.event === 'QUOTE_SIGNED' ? 'SIGN' : 'DECLINE',
      entity_type: 'QUOTE',
      entity_id: quote.id,
      resource_owner_id: quote.owner_id,
      request_id: requestId ?? null,
      metadata: {
        by: 'client',
        client_account_id: answer.clientAccountId,
        status: { from: previous, to: answer.status },
        ...metadata,
      },
    },
    { transaction },
  );
  const event = { entityType: 'QUOTE' as const, entityId: quote.id, ownerId: quote.owner_id, requestId };
  await recordDomainEvent(
    sequelize,
    { ...event, eventType: 'QUOTE_STATUS_CHANGED', payload: { ...after, previous_status: previous } },
    transaction,
  );
  await recordDomainEvent(
    sequelize,
    { ...event, eventType: answer.event, payload: { ...after, ...metadata } },
    transaction,
  );
}

/**
 * Records a client's signature of a quote in one transaction (issue 31 §2): the quote checked
 * again under its lock (still sent, unanswered, valid on `today`, the version the client read),
 * the evidence written (the database keeps it unchanged for good), the quote ACCEPTED and signed.
 * A second signature, a changed or expired quote: 409 with the reason.
 */
export async function signQuote(
  sequelize: Sequelize,
  account: ClientRef,
  quoteId: string,
  input: { readVersion: string; today: string; evidence: SignatureEvidence; requestId?: string },
): Promise<{ quote: Quote; signature: QuoteSignature }> {
  return sequelize.transaction(async (transaction) => {
    const quote = await lockClientQuote(account, quoteId, transaction);
    const refusal = signingRefusal(quote, input.readVersion, input.today, input.evidence.locale);
    if (refusal) throw new ConflictError(refusal.code, refusal.message);
    const { evidence } = input;
    const signedAt = new Date();
    const signature = await QuoteSignature.create(
      {
        owner_id: quote.owner_id,
        quote_id: quote.id,
        client_account_id: evidence.clientAccountId,
        signer_name: evidence.signerName,
        signer_email: evidence.signerEmail,
        signed_at: signedAt,
        ip_address: evidence.ipAddress,
        user_agent: evidence.userAgent,
        consent_text: evidence.consentText,
        locale: evidence.locale,
        pdf_key: evidence.pdfKey,
        pdf_sha256: evidence.pdfSha256,
      },
      { transaction },
    );
    quote.signed_at = signedAt;
    await recordClientAnswer(
      sequelize,
      quote,
      { status: 'ACCEPTED', event: 'QUOTE_SIGNED', clientAccountId: evidence.clientAccountId },
      { signature_id: signature.id, pdf_sha256: evidence.pdfSha256 },
      transaction,
      input.requestId,
    );
    return { quote, signature };
  });
}
