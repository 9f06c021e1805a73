import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';

export interface PlatformTransmissionRow {
  document_kind: 'invoice' | 'credit_note';
  document_id: string;
  owner_id: string;
  flow_id: string;
  status: string;
  reason: string | null;
  cashed_sent_at: Date | null;
  updated_at: Date;
}

export interface PlatformStatusEventRow {
  status: string;
  reason: string | null;
  at: Date;
  source: 'platform' | 'service';
}

/** A document's transmission, or null when it was not sent (no platform, not B2B, not yet). */
export async function findPlatformTransmission(
  sequelize: Sequelize,
  ownerId: string,
  documentKind: 'invoice' | 'credit_note',
  documentId: string,
): Promise<PlatformTransmissionRow | null> {
  const [row] = await sequelize.query<PlatformTransmissionRow>(
    `SELECT document_kind, document_id, owner_id, flow_id, status, reason, cashed_sent_at, updated_at
       FROM platform_transmissions WHERE owner_id = $1 AND document_kind = $2 AND document_id = $3`,
    { bind: [ownerId, documentKind, documentId], type: QueryTypes.SELECT },
  );
  return row ?? null;
}

/** A document's lifecycle statuses, oldest first. */
export async function listPlatformStatusEvents(
  sequelize: Sequelize,
  ownerId: string,
  documentKind: 'invoice' | 'credit_note',
  documentId: string,
): Promise<PlatformStatusEventRow[]> {
  return sequelize.query<PlatformStatusEventRow>(
    `SELECT status, reason, at, source FROM platform_status_events
      WHERE owner_id = $1 AND document_kind = $2 AND document_id = $3 ORDER BY at, created_at`,
    { bind: [ownerId, documentKind, documentId], type: QueryTypes.SELECT },
  );
}

/**
 * Studios with a platform and transmissions whose flow may still move (not Rejetée, Refusée or
 * Encaissée), with the oldest last change among them: statuses newer than it are read back.
 */
export async function listOwnersToPoll(sequelize: Sequelize): Promise<{ owner_id: string; since: Date }[]> {
  return sequelize.query<{ owner_id: string; since: Date }>(
    `SELECT t.owner_id, min(t.updated_at) AS since FROM platform_transmissions t
       JOIN platform_connections c ON c.owner_id = t.owner_id
      WHERE t.status NOT IN ('Rejetée', 'Refusée', 'Encaissée')
      GROUP BY t.owner_id`,
    { type: QueryTypes.SELECT },
  );
}

/** The transmission of a flow id, for statuses read back from the platform. */
export async function findTransmissionByFlow(
  sequelize: Sequelize,
  ownerId: string,
  flowId: string,
): Promise<PlatformTransmissionRow | null> {
  const [row] = await sequelize.query<PlatformTransmissionRow>(
    `SELECT document_kind, document_id, owner_id, flow_id, status, reason, cashed_sent_at, updated_at
       FROM platform_transmissions WHERE owner_id = $1 AND flow_id = $2`,
    { bind: [ownerId, flowId], type: QueryTypes.SELECT },
  );
  return row ?? null;
}

/**
 * Of these invoices, those to transmit: issued, their studio has a platform, and their buyer is a
 * company with a SIREN (B2B). Others are not transmitted (docs/e-invoicing.md).
 */
export async function listTransmittableInvoices(sequelize: Sequelize, invoiceIds: string[]): Promise<string[]> {
  if (invoiceIds.length === 0) return [];
  const rows = await sequelize.query<{ id: string }>(
    `SELECT i.id FROM invoices i JOIN platform_connections c ON c.owner_id = i.owner_id
      WHERE i.id = ANY($1::uuid[]) AND i.status <> 'DRAFT'
        AND coalesce(nullif(btrim(i.buyer ->> 'siren'), ''), NULL) IS NOT NULL`,
    { bind: [invoiceIds], type: QueryTypes.SELECT },
  );
  return rows.map((r) => r.id);
}

/**
 * Whether a credit note goes to the studio's platform (issue 32 §2): the studio has one, and the
 * invoice it corrects was to a client company with a SIREN (a B2B e-invoice) and was not rejected
 * by the platform (a rejected invoice never reached the client: its credit note stays in the books).
 */
export async function creditNoteTransmittable(sequelize: Sequelize, creditNoteId: string): Promise<boolean> {
  const rows = await sequelize.query<{ id: string }>(
    `SELECT n.id FROM credit_notes n JOIN invoices i ON i.id = n.invoice_id
       JOIN platform_connections c ON c.owner_id = n.owner_id
      WHERE n.id = $1 AND coalesce(nullif(btrim(i.buyer ->> 'siren'), ''), NULL) IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM platform_transmissions t
                         WHERE t.document_kind = 'invoice' AND t.document_id = i.id AND t.status = 'Rejetée')`,
    { bind: [creditNoteId], type: QueryTypes.SELECT },
  );
  return rows.length > 0;
}

/** Whether the owner has this credit note: another studio's reads as not found. */
export async function creditNoteOwned(sequelize: Sequelize, ownerId: string, creditNoteId: string): Promise<boolean> {
  const rows = await sequelize.query<{ id: string }>(`SELECT id FROM credit_notes WHERE id = $1 AND owner_id = $2`, {
    bind: [creditNoteId, ownerId],
    type: QueryTypes.SELECT,
  });
  return rows.length > 0;
}

/** Whether the owner has this invoice (any status): another studio's reads as not found. */
export async function invoiceOwned(sequelize: Sequelize, ownerId: string, invoiceId: string): Promise<boolean> {
  const rows = await sequelize.query<{ id: string }>(`SELECT id FROM invoices WHERE id = $1 AND owner_id = $2`, {
    bind: [invoiceId, ownerId],
    type: QueryTypes.SELECT,
  });
  return rows.length > 0;
}

/** What a cashed status says: a payment of the ledger on a transmitted invoice, and whether the studio opted for VAT on debits (its company profile). */
export interface CashedPaymentRow {
  invoice_id: string;
  amount: string;
  currency: string;
  method: string;
  received_at: Date;
  flow_id: string | null;
  transmission_status: string | null;
  vat_on_debits: boolean | null;
  /** The studio's time zone: the payment's day is its calendar day there. */
  time_zone: string;
}

/** A payment (kind 'payment') of the owner's, with its invoice's transmission and the studio's VAT option; null when not found. */
export async function findCashedPayment(
  sequelize: Sequelize,
  ownerId: string,
  paymentId: string,
): Promise<CashedPaymentRow | null> {
  const [row] = await sequelize.query<CashedPaymentRow>(
    `SELECT p.invoice_id, p.amount, p.currency, p.method, p.received_at,
            t.flow_id, t.status AS transmission_status, u.vat_on_debits, o.time_zone
       FROM invoice_payments p
       JOIN users o ON o.id = p.owner_id
       LEFT JOIN platform_transmissions t ON t.document_kind = 'invoice' AND t.document_id = p.invoice_id
       LEFT JOIN user_company u ON u.user_id = p.owner_id
      WHERE p.id = $1 AND p.owner_id = $2 AND p.kind = 'payment'`,
    { bind: [paymentId, ownerId], type: QueryTypes.SELECT },
  );
  return row ?? null;
}

/** Of these payments, those on invoices transmitted to a platform of a studio that did not opt for VAT on debits. */
export async function listCashablePayments(sequelize: Sequelize, paymentIds: string[]): Promise<string[]> {
  if (paymentIds.length === 0) return [];
  const rows = await sequelize.query<{ id: string }>(
    `SELECT p.id FROM invoice_payments p
       JOIN platform_transmissions t ON t.document_kind = 'invoice' AND t.document_id = p.invoice_id
       LEFT JOIN user_company u ON u.user_id = p.owner_id
      WHERE p.id = ANY($1::uuid[]) AND p.kind = 'payment' AND t.status NOT IN ('Rejetée', 'Refusée')
        AND NOT COALESCE(u.vat_on_debits, false)`,
    { bind: [paymentIds], type: QueryTypes.SELECT },
  );
  return rows.map((r) => r.id);
}
