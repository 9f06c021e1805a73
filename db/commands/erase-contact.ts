import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import {
  erasedContactColumns,
  erasedFieldNames,
  erasureNeedles,
  type ErasureNeedles,
  scrubberOf,
} from '../../domain/contacts/erasure';
import { ConflictError } from '../../domain/errors';
import { keptUntil, type RecordRetention, recordRetention } from '../../domain/regimes/record-retention';
import { AuditLog } from '../models/AuditLog';
import { Contact } from '../models/Contact';
import { findOwned } from '../queries/owned';
import { scrubContactCopies } from './scrub-contact-copies';

/** A stored object whose row the erasure deleted: removed from storage after the commit. */
export interface ErasedObject {
  /** null: the service's bucket (legacy contact_files rows name none). */
  bucket: string | null;
  key: string;
}

/** What an erasure did: counts and names of kinds of data, never a value. */
export interface ContactErasure {
  contactId: string;
  erasedAt: Date;
  removed: {
    /** The contact's fields that held a value and were replaced or emptied. */
    contact_fields: string[];
    client_accounts: number;
    magic_links: number;
    questionnaire_answers: number;
    session_links: number;
    files: number;
    /** Rows of each table whose copy of the contact was scrubbed (events, jobs, emails, audit rows...). */
    copies: Record<string, number>;
    /** Titles, notes and descriptions where the contact's full name, email or phone were written out. */
    free_text: { sessions: number; draft_documents: number };
  };
  kept: {
    issued_invoices: { count: number; numbers: string[] };
    credit_notes: { count: number; numbers: string[] };
    payments: number;
    /** Signatures of its quotes: a contract's evidence, kept. */
    quote_signatures: number;
    /** Drafts and quotes still pointing at the (now anonymised) contact. */
    documents_pointing_at_contact: { draft_invoices: number; quotes: number };
    retention: RecordRetention & { until: string | null };
  };
  /** Objects to delete from storage once the transaction has committed (never under it). */
  objects: ErasedObject[];
}

type Query = <T extends object>(sql: string, bind: unknown[]) => Promise<T[]>;

/** The contact's records: what copies are looked up by, and what is kept. */
async function contactRecords(query: Query, ownerId: string, contactId: string) {
  // One statement at a time: they share the transaction's connection.
  const sessions = await query<{ id: string }>('SELECT id FROM sessions WHERE owner_id = $1 AND contact_id = $2', [
    ownerId,
    contactId,
  ]);
  const quotes = await query<{ id: string; status: string }>(
    'SELECT id, status FROM quotes WHERE owner_id = $1 AND contact_id = $2',
    [ownerId, contactId],
  );
  const invoices = await query<{ id: string; status: string; number: string | null; issued_at: Date | null }>(
    'SELECT id, status, number, issued_at FROM invoices WHERE owner_id = $1 AND contact_id = $2 ORDER BY issued_at, number',
    [ownerId, contactId],
  );
  const accounts = await query<{ id: string; magic_links: number }>(
    `SELECT a.id, (SELECT count(*)::int FROM magic_link_tokens m WHERE m.client_account_id = a.id) AS magic_links
     FROM client_accounts a WHERE a.owner_id = $1 AND a.contact_id = $2`,
    [ownerId, contactId],
  );
  const invoiceIds = invoices.map((i) => i.id);
  const creditNotes = await query<{ id: string; number: string; issued_at: Date }>(
    'SELECT id, number, issued_at FROM credit_notes WHERE owner_id = $1 AND invoice_id = ANY($2::uuid[]) ORDER BY issued_at, number',
    [ownerId, invoiceIds],
  );
  const payments = await query<{ received_at: Date }>(
    'SELECT received_at FROM invoice_payments WHERE owner_id = $1 AND invoice_id = ANY($2::uuid[])',
    [ownerId, invoiceIds],
  );
  return { sessions, quotes, invoices, accounts, creditNotes, payments };
}

/**
 * Deletes the rows of the contact's files: legacy contact_files, file objects attached to it, studio
 * files naming it (with their file object, unless another row names it). Answers how many files
 * and the objects to remove from storage after the commit.
 */
async function deleteContactFiles(
  query: Query,
  ownerId: string,
  contactId: string,
): Promise<{ count: number; objects: ErasedObject[] }> {
  const legacy = await query<{ key: string }>('DELETE FROM contact_files WHERE contact_id = $1 RETURNING key', [
    contactId,
  ]);
  const attached = await query<{ bucket: string; key: string }>(
    `DELETE FROM file_objects WHERE entity_type = 'contact' AND entity_id = $1 RETURNING bucket, key`,
    [contactId],
  );
  const studioFiles = await query<{ file_object_id: string | null }>(
    'DELETE FROM documents WHERE owner_id = $1 AND contact_id = $2 RETURNING file_object_id',
    [ownerId, contactId],
  );
  const fileObjectIds = studioFiles.map((f) => f.file_object_id).filter((id): id is string => id !== null);
  // A file object another row still names (another studio file, an export, a purchase invoice) stays.
  const unnamed = fileObjectIds.length
    ? await query<{ bucket: string; key: string }>(
        `DELETE FROM file_objects fo WHERE fo.id = ANY($1::uuid[])
           AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.file_object_id = fo.id)
           AND NOT EXISTS (SELECT 1 FROM export_jobs e WHERE e.file_object_id = fo.id)
           AND NOT EXISTS (SELECT 1 FROM purchase_invoices p WHERE p.file_object_id = fo.id)
         RETURNING bucket, key`,
        [fileObjectIds],
      )
    : [];
  return {
    count: legacy.length + attached.length + studioFiles.length,
    objects: [...legacy.map((f) => ({ bucket: null, key: f.key })), ...attached, ...unnamed],
  };
}

/**
 * Free text the studio wrote about the contact's sessions and in its drafts (titles, notes,
 * locations, descriptions): each occurrence of the contact's full name, email or phone number is
 * replaced. Anything else the studio wrote (a nickname, a first name alone) cannot be known: the
 * summary says how many were changed, docs/data-retention.md asks the studio to review the rest.
 */
async function scrubFreeText(
  query: Query,
  ownerId: string,
  contactId: string,
  needles: ErasureNeedles,
): Promise<{ sessions: number; draft_documents: number }> {
  const scrub = scrubberOf({ strong: needles.strong, weak: [] });
  if (scrub.strong.length === 0) return { sessions: 0, draft_documents: 0 };
  const targets = [
    { table: 'sessions', columns: ['title', 'notes', 'location'], where: 'TRUE' },
    { table: 'quotes', columns: ['title', 'description'], where: "status = 'PENDING'" },
    { table: 'invoices', columns: ['title', 'description'], where: "status = 'DRAFT'" },
  ];
  const changed = { sessions: 0, draft_documents: 0 };
  for (const target of targets) {
    const rows = await query<Record<string, string | null> & { id: string }>(
      `SELECT id, ${target.columns.join(', ')} FROM ${target.table} WHERE owner_id = $1 AND contact_id = $2 AND ${target.where}`,
      [ownerId, contactId],
    );
    for (const row of rows) {
      const after = target.columns.map((c) => (row[c] === null ? null : scrub.text(row[c] as string)));
      if (after.every((v, i) => v === row[target.columns[i]])) continue;
      await query(
        `UPDATE ${target.table} SET ${target.columns.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`,
        [row.id, ...after],
      );
      if (target.table === 'sessions') changed.sessions += 1;
      else changed.draft_documents += 1;
    }
  }
  return changed;
}

type ContactRecords = Awaited<ReturnType<typeof contactRecords>>;

type Write = (sql: string, bind: unknown[]) => Promise<unknown>;

/**
 * The client's own words and addresses on the portal's records (issue 31): a refusal's reason,
 * where receipts were emailed. A signature's evidence is kept.
 */
async function clearClientWords(write: Write, ownerId: string, contactId: string, records: ContactRecords) {
  await write('UPDATE quotes SET decline_reason = NULL WHERE owner_id = $1 AND contact_id = $2', [ownerId, contactId]);
  await write(
    `UPDATE payment_receipts SET emailed_to = NULL
      WHERE owner_id = $1 AND emailed_to IS NOT NULL AND invoice_id = ANY($2::uuid[])`,
    [ownerId, records.invoices.map((i) => i.id)],
  );
}

/**
 * What the law keeps (issued invoices, credit notes, payments), a signed quote's evidence, the
 * documents still pointing at the contact, and until when the records are kept (the studio's country's rule).
 */
async function keptRecords(
  query: Query,
  ownerId: string,
  records: ContactRecords,
  signatures: number,
): Promise<ContactErasure['kept']> {
  const issued = records.invoices.filter((i) => i.status !== 'DRAFT');
  const [company] = await query<{ country: string | null }>(
    `SELECT coalesce(c.company_country, u.country) AS country FROM organizations u
     LEFT JOIN user_company c ON c.user_id = u.id WHERE u.id = $1`,
    [ownerId],
  );
  const retention = recordRetention(company?.country);
  const until = keptUntil(retention, [
    ...issued.map((i) => i.issued_at).filter((d): d is Date => d !== null),
    ...records.creditNotes.map((n) => n.issued_at),
    ...records.payments.map((p) => p.received_at),
  ]);
  return {
    issued_invoices: { count: issued.length, numbers: issued.map((i) => i.number ?? '') },
    credit_notes: { count: records.creditNotes.length, numbers: records.creditNotes.map((n) => n.number) },
    payments: records.payments.length,
    // A signed quote's evidence (name, email, time, address, browser) proves a contract: kept as long as a claim may be made.
    quote_signatures: signatures,
    documents_pointing_at_contact: {
      draft_invoices: records.invoices.length - issued.length,
      quotes: records.quotes.length,
    },
    retention: { ...retention, until },
  };
}

/** The ERASE audit row: the kinds of data removed and their counts, what is kept and until when, never a value. */
async function auditErasure(
  erasure: ContactErasure,
  { ownerId, reason, requestId }: { ownerId: string; reason: string | null; requestId?: string },
  transaction: Transaction,
): Promise<void> {
  const { kept } = erasure;
  await AuditLog.create(
    {
      actor_id: ownerId,
      action: 'ERASE',
      entity_type: 'CONTACT',
      entity_id: erasure.contactId,
      resource_owner_id: ownerId,
      request_id: requestId ?? null,
      metadata: {
        removed: erasure.removed,
        kept: {
          issued_invoices: kept.issued_invoices.count,
          credit_notes: kept.credit_notes.count,
          payments: kept.payments,
          until: kept.retention.until,
          country: kept.retention.country,
        },
        ...(reason ? { reason } : {}),
      },
    },
    { transaction },
  );
}

/**
 * Erases one of the owner's contacts at its request (issue 31 §4; GDPR art. 17, within 17(3)(b)),
 * in one transaction:
 * - the contact's personal fields replaced (domain/contacts/erasure.ts) and `erased_at` set;
 * - its client accounts and their magic links deleted (the portal closes);
 * - the questionnaire answers of the sessions it is the client of cleared, its links to other
 *   sessions deleted, its files' rows deleted (their objects are returned, to be removed after
 *   the commit);
 * - its copies scrubbed: events, jobs (import reports included), email recipients, automation runs,
 *   trigger executions, audit rows (db/commands/scrub-contact-copies.ts), and its full name, email
 *   and phone in its sessions' and drafts' free text;
 * - issued invoices (their `buyer`, number and pdf), credit notes and payments kept as they are:
 *   the law requires them (domain/regimes/record-retention.ts says until when);
 * - an ERASE audit row on the contact naming the kinds of data removed and their counts, never a
 *   value; the studio's reason, scrubbed of the contact's values.
 * Another studio's contact is a 404; an erased one a 409 contact_erased (erasing is done once).
 */
export async function eraseContact(
  sequelize: Sequelize,
  ownerId: string,
  contactId: string,
  options: { reason?: string; requestId?: string; now?: Date } = {},
): Promise<ContactErasure> {
  return sequelize.transaction(async (transaction: Transaction) => {
    const contact = await findOwned(sequelize, Contact, 'Contact', contactId, ownerId, { transaction, lock: true });
    if (contact.erased_at)
      throw new ConflictError('contact_erased', 'This contact was erased already', {
        erased_at: contact.erased_at.toISOString(),
      });
    const query: Query = <T extends object>(sql: string, bind: unknown[]) =>
      sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT, transaction });
    const write: Write = (sql, bind) => sequelize.query(sql, { bind, transaction });

    const needles = erasureNeedles(contact);
    const fields = erasedFieldNames(contact);
    const records = await contactRecords(query, ownerId, contactId);
    const sessionIds = records.sessions.map((s) => s.id);

    // The copies first: they are found by the values the contact still holds in this transaction.
    const linkedIds = [
      contactId,
      ...sessionIds,
      ...records.quotes.map((q) => q.id),
      ...records.invoices.map((i) => i.id),
      ...records.creditNotes.map((n) => n.id),
      ...records.accounts.map((a) => a.id),
    ];
    const cleared = await query<{ session_id: string }>(
      `UPDATE client_infos SET responses = '{}'::jsonb, submitted_via = NULL, submitted_at = NULL, updated_at = now()
       WHERE session_id = ANY($1::uuid[]) AND (responses <> '{}'::jsonb OR submitted_at IS NOT NULL) RETURNING session_id`,
      [sessionIds],
    );
    const copies = await scrubContactCopies(
      sequelize,
      ownerId,
      linkedIds,
      scrubberOf(needles),
      { contactId, clearedSessionIds: new Set(sessionIds) },
      transaction,
    );
    const freeText = await scrubFreeText(query, ownerId, contactId, needles);
    await clearClientWords(write, ownerId, contactId, records);
    const [signatures] = await query<{ n: number }>(
      'SELECT count(*)::int AS n FROM quote_signatures WHERE owner_id = $1 AND quote_id = ANY($2::uuid[])',
      [ownerId, records.quotes.map((q) => q.id)],
    );

    const links = await query<{ session_id: string }>(
      'DELETE FROM session_contacts WHERE contact_id = $1 RETURNING session_id',
      [contactId],
    );
    await write('DELETE FROM client_accounts WHERE owner_id = $1 AND contact_id = $2', [ownerId, contactId]);
    const files = await deleteContactFiles(query, ownerId, contactId);

    const erasedAt = options.now ?? new Date();
    contact.set(erasedContactColumns(erasedAt));
    await contact.save({ transaction });

    const kept = await keptRecords(query, ownerId, records, signatures?.n ?? 0);
    const erasure: ContactErasure = {
      contactId,
      erasedAt,
      removed: {
        contact_fields: fields,
        client_accounts: records.accounts.length,
        magic_links: records.accounts.reduce((n, a) => n + a.magic_links, 0),
        questionnaire_answers: cleared.length,
        session_links: links.length,
        files: files.count,
        copies,
        free_text: freeText,
      },
      kept,
      objects: files.objects,
    };
    const reason = options.reason?.trim() ? scrubberOf(needles).text(options.reason.trim()) : null;
    await auditErasure(erasure, { ownerId, reason, requestId: options.requestId }, transaction);
    return erasure;
  });
}
