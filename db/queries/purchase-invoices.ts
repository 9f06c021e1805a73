import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type BuyerAnswer, type PurchaseInvoiceStatus } from '../../domain/e-invoicing/buyer-answer';

/** A purchase invoice as stored (amounts as decimal strings). */
export interface PurchaseInvoiceRow {
  id: string;
  source_format: 'FACTURX' | 'CII' | 'UBL';
  type_code: string | null;
  seller_name: string;
  seller_siren: string | null;
  seller_vat_number: string | null;
  number: string;
  issue_date: string;
  due_date: string | null;
  currency: string;
  total_without_tax: string;
  total_tax: string;
  total: string;
  vat_breakdown: { rate: string | null; category: string | null; base: string; tax: string }[];
  file_key: string;
  file_name: string | null;
  received_via: 'upload' | 'platform';
  platform_flow_id: string | null;
  status: PurchaseInvoiceStatus;
  status_reason: string | null;
  status_changed_at: Date | null;
  created_at: Date;
}

const COLUMNS = `id, source_format, type_code, seller_name, seller_siren, seller_vat_number, number, issue_date::text AS issue_date, due_date::text AS due_date, currency,
  total_without_tax, total_tax, total, vat_breakdown, file_key, file_name, received_via, platform_flow_id, status, status_reason, status_changed_at, created_at`;

/** One of the owner's purchase invoices, or null (another studio's reads as none). */
export async function findPurchaseInvoice(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
): Promise<PurchaseInvoiceRow | null> {
  const [row] = await sequelize.query<PurchaseInvoiceRow>(
    `SELECT ${COLUMNS} FROM purchase_invoices WHERE id = $1 AND owner_id = $2`,
    { bind: [id, ownerId], type: QueryTypes.SELECT },
  );
  return row ?? null;
}

/** The owner's purchase invoice made from this file (its SHA-256), if it was sent before. */
export async function findPurchaseInvoiceByFile(
  sequelize: Sequelize,
  ownerId: string,
  sha256: string,
): Promise<string | null> {
  const [row] = await sequelize.query<{ id: string }>(
    `SELECT id FROM purchase_invoices WHERE owner_id = $1 AND file_sha256 = $2`,
    { bind: [ownerId, sha256], type: QueryTypes.SELECT },
  );
  return row?.id ?? null;
}

/** The owner's purchase invoices, newest received first. */
export async function listPurchaseInvoices(
  sequelize: Sequelize,
  ownerId: string,
  page: { page: number; limit: number },
): Promise<{ items: PurchaseInvoiceRow[]; total: number; page: number; limit: number }> {
  const [items, [count]] = await Promise.all([
    sequelize.query<PurchaseInvoiceRow>(
      `SELECT ${COLUMNS} FROM purchase_invoices WHERE owner_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
      { bind: [ownerId, page.limit, (page.page - 1) * page.limit], type: QueryTypes.SELECT },
    ),
    sequelize.query<{ n: string }>(`SELECT count(*) AS n FROM purchase_invoices WHERE owner_id = $1`, {
      bind: [ownerId],
      type: QueryTypes.SELECT,
    }),
  ]);
  return { items, total: Number(count.n), page: page.page, limit: page.limit };
}

/** An answer of the studio to a purchase invoice, as its job sends it to the platform. */
export interface PurchaseAnswerRow {
  id: string;
  status: BuyerAnswer;
  reason: string | null;
  created_at: Date;
  sent_flow_id: string | null;
  platform_flow_id: string | null;
}

/** One of the owner's answers, with the incoming flow of its invoice; null when there is none. */
export async function findPurchaseAnswer(
  sequelize: Sequelize,
  ownerId: string,
  answerId: string,
): Promise<PurchaseAnswerRow | null> {
  const [row] = await sequelize.query<PurchaseAnswerRow>(
    `SELECT a.id, a.status, a.reason, a.created_at, a.sent_flow_id, p.platform_flow_id
       FROM purchase_invoice_answers a JOIN purchase_invoices p ON p.id = a.purchase_invoice_id
      WHERE a.id = $1 AND a.owner_id = $2`,
    { bind: [answerId, ownerId], type: QueryTypes.SELECT },
  );
  return row ?? null;
}

/** A purchase invoice's answers, oldest first, each with when it reached the platform. */
export async function listPurchaseAnswers(
  sequelize: Sequelize,
  ownerId: string,
  purchaseInvoiceId: string,
): Promise<{ id: string; status: BuyerAnswer; reason: string | null; created_at: Date; sent_at: Date | null }[]> {
  return sequelize.query(
    `SELECT id, status, reason, created_at, sent_at FROM purchase_invoice_answers
      WHERE purchase_invoice_id = $1 AND owner_id = $2 ORDER BY created_at, id`,
    { bind: [purchaseInvoiceId, ownerId], type: QueryTypes.SELECT },
  );
}
