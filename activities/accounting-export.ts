import { type S3Client } from '@aws-sdk/client-s3';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { upsertExportFileObject } from '../db/commands/export-file-objects';
import { readAccountingAccounts, readAccountingPeriod } from '../db/queries/accounting-export';
import { findCompanyProfile } from '../db/queries/company-profile';
import { type AccountingAccounts } from '../domain/accounting/accounts';
import { CSV_COLUMNS, csvLine, csvRows } from '../domain/accounting/csv';
import { buildJournal, type JournalEntry } from '../domain/accounting/entries';
import { FEC_COLUMNS, FEC_LINE_END, fecEntryText, fecFileName } from '../domain/accounting/fec';
import { accountingFileProblem, clientCode } from '../domain/accounting/period';
import { creditNoteRates, invoiceRates } from '../domain/accounting/sources';
import { toHundredths } from '../domain/invoicing/money';
import { CSV_DIALECT_RULES } from '../domain/exports/csv-dialect';
import { type RenderedExport } from '../workflows/exports/contract';
import { type AccountingExportPayload } from '../workflows/accounting-export/contract';
import { ByteCount, uploadStream } from './exports/upload-stream';

export interface AccountingExportDeps {
  sequelize: Sequelize;
  s3: S3Client;
  bucket: string;
  logger: Logger;
}

/** The period's journal: its invoices, credit notes and ledger rows as numbered double entries. */
export async function loadPeriodJournal(sequelize: Sequelize, payload: Pick<AccountingExportPayload, 'ownerId' | 'from' | 'to' | 'timeZone'>, accounts: AccountingAccounts): Promise<JournalEntry[]> {
  const { invoices, creditNotes, movements } = await readAccountingPeriod(sequelize, payload);
  // One code per contact, worked out once: a studio's clients come back on many rows.
  const codes = new Map<string, string | null>();
  const codeOf = (contactId: string | null) => {
    if (!contactId) return null;
    let code = codes.get(contactId);
    if (code === undefined) codes.set(contactId, (code = clientCode(contactId)));
    return code;
  };
  const client = (row: { buyer_name: string | null; contact_id: string | null }) => ({ clientName: row.buyer_name ?? '', clientCode: codeOf(row.contact_id) });
  return buildJournal(
    [
      ...invoices.map((i) => ({ kind: 'invoice' as const, number: i.number, date: i.day, ...client(i), rates: invoiceRates(i.items ?? []) })),
      ...creditNotes.map((c) => ({ kind: 'credit_note' as const, number: c.number, invoiceNumber: c.invoice_number, date: c.day, ...client(c), rates: creditNoteRates(c.vat_parts) })),
    ],
    movements.map((m) => ({ kind: m.kind, method: m.method, amountCents: toHundredths(m.amount), date: m.day, invoiceNumber: m.invoice_number, reference: m.reference, id: m.id, ...client(m) })),
    accounts,
  );
}

/** The file's records, a chunk of lines at a time: the FEC (header, tab-separated, no BOM) or the csv (BOM, the dialect). */
export function* accountingFileChunks(entries: readonly JournalEntry[], payload: Pick<AccountingExportPayload, 'format' | 'csvDialect'>): Generator<string> {
  const CHUNK = 2000;
  let buffer: string[] = [];
  if (payload.format === 'fec') {
    buffer.push(FEC_COLUMNS.join('\t') + FEC_LINE_END);
    for (const entry of entries) {
      buffer.push(fecEntryText(entry));
      if (buffer.length >= CHUNK) yield buffer.splice(0).join('');
    }
  } else {
    const rules = CSV_DIALECT_RULES[payload.csvDialect];
    buffer.push('\ufeff' + csvLine(CSV_COLUMNS, rules));
    for (const entry of entries) {
      for (const cells of csvRows(entry, rules)) buffer.push(csvLine(cells, rules));
      if (buffer.length >= CHUNK) yield buffer.splice(0).join('');
    }
  }
  if (buffer.length) yield buffer.join('');
  buffer = [];
}

/** Accounting export (issue 22 §2, docs/accounting-export.md): one activity, the period to a file under temp/. */
export function createAccountingExportActivities(deps: AccountingExportDeps) {
  return {
    /**
     * Writes the period's FEC or csv to `temp/accounting/<owner>/<job run>/<file name>` and records
     * it in file_objects. Idempotent: a retry rewrites the same key. A studio without a SIREN gets
     * no FEC (its name is the SIREN): non-retryable.
     */
    async renderAccountingExport({ jobRunId, payload }: { jobRunId: string; payload: AccountingExportPayload }): Promise<RenderedExport> {
      const started = Date.now();
      const company = await findCompanyProfile(payload.ownerId);
      const problem = accountingFileProblem(payload, company?.siren ?? null);
      if (problem) throw ApplicationFailure.nonRetryable(problem, 'validation_failed');
      const accounts = await readAccountingAccounts(deps.sequelize, payload.ownerId);
      const entries = await loadPeriodJournal(deps.sequelize, payload, accounts);
      Context.current().heartbeat({ entries: entries.length });
      const filename = payload.format === 'fec' ? fecFileName(company!.siren!, payload.to) : `ecritures-${payload.from}-${payload.to}.csv`;
      const contentType = payload.format === 'fec' ? 'text/plain; charset=utf-8' : 'text/csv; charset=utf-8';
      const target = { bucket: deps.bucket, key: `temp/accounting/${payload.ownerId}/${jobRunId}/${filename}`, contentType };
      const counter = new ByteCount();
      await uploadStream(deps.s3, target, counter, pipeline(Readable.from(accountingFileChunks(entries, payload)), counter));
      const rowCount = entries.reduce((sum, e) => sum + e.lines.length, 0);
      const fileObjectId = await upsertExportFileObject(deps.sequelize, { orgId: payload.orgId, bucket: deps.bucket, key: target.key, contentType, sizeBytes: counter.bytes, createdBy: payload.ownerId, fileName: filename });
      deps.logger.child({ jobRunId, activity: 'renderAccountingExport' }).info({ format: payload.format, from: payload.from, to: payload.to, entries: entries.length, rows: rowCount, sizeBytes: counter.bytes, durationMs: Date.now() - started, key: target.key }, 'Accounting export rendered');
      return { key: target.key, filename, contentType, rowCount, sizeBytes: counter.bytes, fileObjectId };
    },
  };
}
