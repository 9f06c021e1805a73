import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type StoredInstallment } from '../../domain/invoicing/stored-schedule';

/** A document of a session with a payment schedule, with what its schedule notice needs. */
export interface ScheduledDocumentRow {
  kind: 'quote' | 'invoice';
  id: string;
  title: string;
  number: string | null;
  amount: string;
  currency: string;
  amount_paid: string;
  created_at: Date;
  issued_at: Date | null;
  payment_schedule: StoredInstallment[];
  contact_email: string | null;
  contact_first_name: string | null;
  contact_locale: string | null;
}

/**
 * The documents of a session the client has received that carry a payment schedule: quotes sent
 * or answered (not PENDING, not REJECTED), invoices issued and not cancelled. The owner's only.
 */
export function listScheduledDocuments(
  sequelize: Sequelize,
  ownerId: string,
  sessionId: string,
): Promise<ScheduledDocumentRow[]> {
  return sequelize.query<ScheduledDocumentRow>(
    `SELECT 'quote' AS kind, q.id, q.title, q.number, q.amount, q.currency, 0::decimal AS amount_paid, q.created_at, NULL::timestamptz AS issued_at, q.payment_schedule,
            c.email AS contact_email, c.first_name AS contact_first_name, c.locale AS contact_locale
       FROM quotes q LEFT JOIN contacts c ON c.id = q.contact_id AND c.owner_id = q.owner_id
      WHERE q.owner_id = $1 AND q.session_id = $2 AND q.payment_schedule IS NOT NULL AND q.status IN ('SENT', 'ACCEPTED')
     UNION ALL
     SELECT 'invoice', i.id, i.title, i.number, i.amount, i.currency, i.amount_paid, i.created_at, i.issued_at, i.payment_schedule,
            c.email, c.first_name, c.locale
       FROM invoices i LEFT JOIN contacts c ON c.id = i.contact_id AND c.owner_id = i.owner_id
      WHERE i.owner_id = $1 AND i.session_id = $2 AND i.payment_schedule IS NOT NULL AND i.status = 'ISSUED'
      ORDER BY created_at, id`,
    { bind: [ownerId, sessionId], type: QueryTypes.SELECT },
  );
}

/** Whether the session has a document whose schedule follows its start (a move must be told to its client). */
export async function hasSessionFollowingSchedule(
  sequelize: Sequelize,
  sessionId: string,
  transaction?: Transaction,
): Promise<boolean> {
  const [row] = await sequelize.query<{ found: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM quotes WHERE session_id = $1 AND status IN ('SENT', 'ACCEPTED') AND payment_schedule @? '$[*] ? (@.due.type == "before_start" || @.due.type == "after_start")'
       UNION ALL
       SELECT 1 FROM invoices WHERE session_id = $1 AND status = 'ISSUED' AND payment_schedule @? '$[*] ? (@.due.type == "before_start" || @.due.type == "after_start")'
     ) AS found`,
    { bind: [sessionId], type: QueryTypes.SELECT, transaction },
  );
  return row.found;
}
