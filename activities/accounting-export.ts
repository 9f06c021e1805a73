import { type S3Client } from '@aws-sdk/client-s3';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Logger } from 'pino';
import { type upsertExportFileObject } from '../db/commands/export-file-objects';
import {
  type JournalPeriodRows,
  type readAccountingAccounts,
  type readAccountingPeriod,
  type readJournalPeriod,
} from '../db/queries/accounting-export';
import { type findCompanyProfile } from '../db/queries/company-profile';
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
import { accountingFileProblem, accountingFormatProblem } from '../domain/accounting/period';
import { storedRateCents } from '../domain/accounting/sources';
import { countryCode } from '../domain/countries';
import { CSV_DIALECT_RULES } from '../domain/exports/csv-dialect';
import { provides, studioRegimeOf } from '../domain/regimes';
import { type RenderedExport } from '../workflows/exports/contract';
import { type AccountingExportPayload } from '../workflows/accounting-export/contract';
import { type Bound } from './db-deps';
import { clientCodes, isJournalFormat, journalFileChunks, journalFileName } from './accounting-journal';
import { ByteCount, uploadStream } from './exports/upload-stream';

/** The period's reads, the studio's profile and accounts, and the file_objects row. */
export interface AccountingExportDb {
  readAccountingPeriod: Bound<typeof readAccountingPeriod>;
  readJournalPeriod: Bound<typeof readJournalPeriod>;
  readAccountingAccounts: Bound<typeof readAccountingAccounts>;
  findCompanyProfile: Bound<typeof findCompanyProfile>;
  upsertExportFileObject: Bound<typeof upsertExportFileObject>;
}

export interface AccountingExportDeps extends AccountingExportDb {
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
  db: Pick<AccountingExportDb, 'readAccountingPeriod'>,
  payload: Pick<AccountingExportPayload, 'ownerId' | 'from' | 'to' | 'timeZone'>,
): Promise<PeriodSources> {
  const { invoices, creditNotes, movements } = await db.readAccountingPeriod(payload);
  // One code per contact, worked out once: a studio's clients come back on many rows.
  const codeOf = clientCodes();
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

/** The file's name and type: the journal's, the FEC's (named by the SIREN, checked before) or the entries' csv. */
function accountingFileOf(
  payload: AccountingExportPayload,
  siren: string | null | undefined,
): { filename: string; contentType: string } {
  const filename = isJournalFormat(payload.format)
    ? journalFileName(payload)
    : payload.format === 'fec'
      ? fecFileName(siren!, payload.to)
      : `ecritures-${payload.from}-${payload.to}.csv`;
  const contentType = payload.format === 'fec' ? 'text/plain; charset=utf-8' : 'text/csv; charset=utf-8';
  return { filename, contentType };
}

/** What the heartbeat reports once the period is read: its documents and movements. */
function readProgress(read: PeriodSources | JournalPeriodRows): { documents: number; movements: number } {
  return 'documents' in read
    ? { documents: read.documents.length, movements: read.movements.length }
    : { documents: read.invoices.length + read.creditNotes.length, movements: read.movements.length };
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
      // is refused all the same, its reads dropped). The journal csv and the tax subtotals read
      // each document's currency and taxes (issue 30 §2).
      const journal = isJournalFormat(payload.format);
      const reading: Promise<PeriodSources | JournalPeriodRows> = journal
        ? deps.readJournalPeriod(payload)
        : loadPeriodSources(deps, payload);
      reading.catch(() => undefined);
      const [company, accounts] = await Promise.all([
        deps.findCompanyProfile(payload.ownerId),
        deps.readAccountingAccounts(payload.ownerId),
      ]);
      const problem =
        accountingFormatProblem(payload, provides(studioRegimeOf(company?.company_country), 'fec')) ??
        accountingFileProblem(payload, company?.siren ?? null);
      if (problem) throw ApplicationFailure.nonRetryable(problem, 'validation_failed');
      const read = await reading;
      Context.current().heartbeat(readProgress(read));
      const { filename, contentType } = accountingFileOf(payload, company?.siren);
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
        pipeline(
          Readable.from(
            'documents' in read
              ? accountingFileChunks(read, accounts, payload, count)
              : journalFileChunks(read, countryCode(company?.company_country, null), accounts, payload, count),
          ),
          counter,
        ),
      );
      const rowCount = count.lines;
      const fileObjectId = await deps.upsertExportFileObject({
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
