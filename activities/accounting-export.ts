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
import { fecFileName } from '../domain/accounting/fec';
import {
  fecChunks,
  fecWriter,
  journalOrder,
  type MovementSource,
  type RateCents,
  type SalesSource,
} from '../domain/accounting/journal-text';
import { accountingFileProblem, clientCode } from '../domain/accounting/period';
import { storedRateCents } from '../domain/accounting/sources';
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

/** The period's sources: its invoices and credit notes (each VAT rate's base and VAT) and its ledger rows, amounts in cents. */
export interface PeriodSources {
  documents: SalesSource[];
  movements: MovementSource[];
}

/** Reads the period's invoices, credit notes and ledger rows as the journal takes them. */
export async function loadPeriodSources(
  sequelize: Sequelize,
  payload: Pick<AccountingExportPayload, 'ownerId' | 'from' | 'to' | 'timeZone'>,
): Promise<PeriodSources> {
  const { invoices, creditNotes, movements } = await readAccountingPeriod(sequelize, payload);
  // One code per contact, worked out once: a studio's clients come back on many rows.
  const codes = new Map<string, string | null>();
  const codeOf = (contactId: string | null) => {
    if (!contactId) return null;
    let code = codes.get(contactId);
    if (code === undefined) codes.set(contactId, (code = clientCode(contactId)));
    return code;
  };
  const documents: SalesSource[] = new Array<SalesSource>(invoices.length + creditNotes.length);
  let n = 0;
  for (const i of invoices)
    documents[n++] = {
      kind: 'invoice',
      number: i.number,
      date: i.day,
      clientName: i.buyer_name ?? '',
      clientCode: codeOf(i.contact_id),
      rates: i.rates ?? [],
    };
  for (const c of creditNotes) {
    documents[n++] = {
      kind: 'credit_note',
      number: c.number,
      invoiceNumber: c.invoice_number,
      date: c.day,
      clientName: c.buyer_name ?? '',
      clientCode: codeOf(c.contact_id),
      rates: storedRateCents(c.vat_parts),
    };
  }
  return {
    documents,
    movements: movements.map((m) => ({
      kind: m.kind,
      method: m.method,
      amountCents: m.amount_cents,
      date: m.day,
      invoiceNumber: m.invoice_number,
      reference: m.reference,
      id: m.id,
      clientName: m.buyer_name ?? '',
      clientCode: codeOf(m.contact_id),
    })),
  };
}

/** The period's journal as numbered double entries (bigint cents): what the csv writes. */
export function periodJournal({ documents, movements }: PeriodSources, accounts: AccountingAccounts): JournalEntry[] {
  const big = (rates: readonly RateCents[]) =>
    rates.map((r) => ({
      vatBasisPoints: r.vatBasisPoints,
      baseCents: BigInt(r.baseCents),
      vatCents: BigInt(r.vatCents),
    }));
  return buildJournal(
    documents.map((d) => ({ ...d, rates: big(d.rates) })),
    movements.map((m) => ({ ...m, amountCents: BigInt(m.amountCents) })),
    accounts,
  );
}

/** What a file counts once written: its entries and lines. */
export interface FileCount {
  entries: number;
  lines: number;
}

/**
 * The file's records, a chunk of lines at a time, made as the upload reads them: the FEC (header,
 * tab-separated, no BOM) written straight from the sources in the file's order
 * (domain/accounting/journal-text.ts), or the csv (BOM, the dialect) from the journal's entries.
 * `count` holds the entries and lines once the last chunk is out.
 */
export function* accountingFileChunks(
  sources: PeriodSources,
  accounts: AccountingAccounts,
  payload: Pick<AccountingExportPayload, 'format' | 'csvDialect'>,
  count: FileCount = { entries: 0, lines: 0 },
): Generator<string> {
  if (payload.format === 'fec') {
    const writer = fecWriter(accounts);
    const ordered = journalOrder(sources.documents, sources.movements);
    yield* fecChunks(ordered, writer);
    count.entries = writer.entries;
    count.lines = writer.lines;
    return;
  }
  const CHUNK = 2000;
  const entries = periodJournal(sources, accounts);
  const rules = CSV_DIALECT_RULES[payload.csvDialect];
  let buffer: string[] = ['\ufeff' + csvLine(CSV_COLUMNS, rules)];
  for (const entry of entries) {
    for (const cells of csvRows(entry, rules)) buffer.push(csvLine(cells, rules));
    if (buffer.length >= CHUNK) yield buffer.splice(0).join('');
  }
  if (buffer.length) yield buffer.join('');
  buffer = [];
  count.entries = entries.length;
  count.lines = entries.reduce((sum, e) => sum + e.lines.length, 0);
}

/** Accounting export (issue 22 §2, docs/accounting-export.md): one activity, the period to a file under temp/. */
export function createAccountingExportActivities(deps: AccountingExportDeps) {
  return {
    /**
     * Writes the period's FEC or csv to `temp/accounting/<owner>/<job run>/<file name>` and records
     * it in file_objects. Idempotent: a retry rewrites the same key. A studio without a SIREN gets
     * no FEC (its name is the SIREN): non-retryable.
     */
    async renderAccountingExport({
      jobRunId,
      payload,
    }: {
      jobRunId: string;
      payload: AccountingExportPayload;
    }): Promise<RenderedExport> {
      const started = Date.now();
      // The period's reads start at once, with the company and accounts (a studio without SIREN
      // is refused all the same, its reads dropped).
      const reading = loadPeriodSources(deps.sequelize, payload);
      reading.catch(() => undefined);
      const [company, accounts] = await Promise.all([
        findCompanyProfile(payload.ownerId),
        readAccountingAccounts(deps.sequelize, payload.ownerId),
      ]);
      const problem = accountingFileProblem(payload, company?.siren ?? null);
      if (problem) throw ApplicationFailure.nonRetryable(problem, 'validation_failed');
      const sources = await reading;
      Context.current().heartbeat({ documents: sources.documents.length, movements: sources.movements.length });
      const filename =
        payload.format === 'fec'
          ? fecFileName(company!.siren!, payload.to)
          : `ecritures-${payload.from}-${payload.to}.csv`;
      const contentType = payload.format === 'fec' ? 'text/plain; charset=utf-8' : 'text/csv; charset=utf-8';
      const target = {
        bucket: deps.bucket,
        key: `temp/accounting/${payload.ownerId}/${jobRunId}/${filename}`,
        contentType,
      };
      const counter = new ByteCount();
      const count: FileCount = { entries: 0, lines: 0 };
      await uploadStream(
        deps.s3,
        target,
        counter,
        pipeline(Readable.from(accountingFileChunks(sources, accounts, payload, count)), counter),
      );
      const rowCount = count.lines;
      const fileObjectId = await upsertExportFileObject(deps.sequelize, {
        orgId: payload.orgId,
        bucket: deps.bucket,
        key: target.key,
        contentType,
        sizeBytes: counter.bytes,
        createdBy: payload.ownerId,
        fileName: filename,
      });
      deps.logger.child({ jobRunId, activity: 'renderAccountingExport' }).info(
        {
          format: payload.format,
          from: payload.from,
          to: payload.to,
          entries: count.entries,
          rows: rowCount,
          sizeBytes: counter.bytes,
          durationMs: Date.now() - started,
          key: target.key,
        },
        'Accounting export rendered',
      );
      return { key: target.key, filename, contentType, rowCount, sizeBytes: counter.bytes, fileObjectId };
    },
  };
}
