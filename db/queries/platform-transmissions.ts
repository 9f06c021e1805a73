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
 * Studios with a platform and transmissions whose flow may still move (a status not among
 * `endedStatuses`, which the caller's law names: domain/addons/fr-e-invoicing/flow-statuses.ts),
 * with the oldest last change among them: statuses newer than it are read back.
 */
export async function listOwnersToPoll(
  sequelize: Sequelize,
  endedStatuses: readonly string[],
): Promise<{ owner_id: string; since: Date }[]> {
  return sequelize.query<{ owner_id: string; since: Date }>(
    `SELECT t.owner_id, min(t.updated_at) AS since FROM platform_transmissions t
       JOIN platform_connections c ON c.owner_id = t.owner_id
      WHERE t.status <> ALL($1::text[])
      GROUP BY t.owner_id`,
    { bind: [endedStatuses], type: QueryTypes.SELECT },
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
 * Of these invoices, the issued ones of studios with a platform, with their buyer's SIREN: the
 * caller keeps those it transmits (B2B, domain/addons/fr-e-invoicing/flow-statuses.ts).
 */
export async function listPlatformInvoices(
  sequelize: Sequelize,
  invoiceIds: string[],
): Promise<{ id: string; buyer_siren: string | null }[]> {
  if (invoiceIds.length === 0) return [];
  return sequelize.query<{ id: string; buyer_siren: string | null }>(
    `SELECT i.id, i.buyer ->> 'siren' AS buyer_siren FROM invoices i JOIN platform_connections c ON c.owner_id = i.owner_id
      WHERE i.id = ANY($1::uuid[]) AND i.status <> 'DRAFT'`,
    { bind: [invoiceIds], type: QueryTypes.SELECT },
  );
}

/**
 * A credit note of a studio with a platform: the SIREN of the corrected invoice's buyer and that
 * invoice's flow status; null without a platform or credit note.
 */
export async function findCreditNoteTransmission(
  sequelize: Sequelize,
  creditNoteId: string,
): Promise<{ buyer_siren: string | null; invoice_flow_status: string | null } | null> {
  const [row] = await sequelize.query<{ buyer_siren: string | null; invoice_flow_status: string | null }>(
    `SELECT i.buyer ->> 'siren' AS buyer_siren, t.status AS invoice_flow_status
       FROM credit_notes n JOIN invoices i ON i.id = n.invoice_id
       JOIN platform_connections c ON c.owner_id = n.owner_id
       LEFT JOIN platform_transmissions t ON t.document_kind = 'invoice' AND t.document_id = i.id
      WHERE n.id = $1`,
    { bind: [creditNoteId], type: QueryTypes.SELECT },
  );
  return row ?? null;
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
       JOIN organizations o ON o.id = p.owner_id
       LEFT JOIN platform_transmissions t ON t.document_kind = 'invoice' AND t.document_id = p.invoice_id
       LEFT JOIN user_company u ON u.user_id = p.owner_id
      WHERE p.id = $1 AND p.owner_id = $2 AND p.kind = 'payment'`,
    { bind: [paymentId, ownerId], type: QueryTypes.SELECT },
  );
  return row ?? null;
}

/** Of these payments (kind 'payment'), those on invoices with a transmission, with its flow and status and the studio's VAT option. */
export async function listPaymentTransmissions(
  sequelize: Sequelize,
  paymentIds: string[],
): Promise<{ id: string; flow_id: string | null; transmission_status: string; vat_on_debits: boolean | null }[]> {
  if (paymentIds.length === 0) return [];
  return sequelize.query<{
    id: string;
    flow_id: string | null;
    transmission_status: string;
    vat_on_debits: boolean | null;
  }>(
    `SELECT p.id, t.flow_id, t.status AS transmission_status, u.vat_on_debits FROM invoice_payments p
       JOIN platform_transmissions t ON t.document_kind = 'invoice' AND t.document_id = p.invoice_id
       LEFT JOIN user_company u ON u.user_id = p.owner_id
      WHERE p.id = ANY($1::uuid[]) AND p.kind = 'payment'`,
    { bind: [paymentIds], type: QueryTypes.SELECT },
  );
}
