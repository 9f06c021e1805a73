import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import pino from 'pino';
import { type AccountingExportDeps, createAccountingExportActivities } from '../../../../activities/accounting-export';
import { DEFAULT_ACCOUNTING_ACCOUNTS } from '../../../../domain/accounting/accounts';
import { type AccountingExportPayload } from '../../../../workflows/accounting-export/contract';
import { fakeS3 } from '../../../helpers/fake-s3';

const env = (attempt: number) =>
  new MockActivityEnvironment({ attempt, heartbeatTimeoutMs: 60_000 }, { logger: new DefaultLogger('ERROR') });

function setUp(overrides: Partial<AccountingExportDeps> = {}) {
  const { s3, objects } = fakeS3();
  const fileObjects = new Map<string, string>();
  const deps: AccountingExportDeps = {
    s3,
    bucket: 'studio',
    logger: pino({ level: 'silent' }),
    readAccountingPeriod: jest.fn(async () => ({ invoices: [], creditNotes: [], movements: [] })),
    readJournalPeriod: jest.fn(async () => ({ invoices: [], creditNotes: [], movements: [] })),
    readAccountingAccounts: jest.fn(async () => DEFAULT_ACCOUNTING_ACCOUNTS),
    findCompanyProfile: jest.fn(async () => ({ siren: null }) as never),
    upsertExportFileObject: jest.fn(async (row: { key: string }) => {
      if (!fileObjects.has(row.key)) fileObjects.set(row.key, `file-${fileObjects.size + 1}`);
      return fileObjects.get(row.key)!;
    }) as never,
    ...overrides,
  };
  return { activities: createAccountingExportActivities(deps), deps, objects, fileObjects };
}

const payload: AccountingExportPayload = {
  ownerId: 'owner-1',
  orgId: 'org-1',
  from: '2026-03-01',
  to: '2026-03-31',
  format: 'csv',
  csvDialect: 'excel-fr',
  timeZone: 'Europe/Paris',
  mode: 'async',
};
const KEY = 'temp/accounting/owner-1/job-1/ecritures-2026-03-01-2026-03-31.csv';

describe('renderAccountingExport with fake deps', () => {
  it("writes the period's csv under temp/accounting and records its file object", async () => {
    const { activities, deps, objects } = setUp();
    const file = await env(1).run(activities.renderAccountingExport, { jobRunId: 'job-1', payload });
    expect(file).toEqual({
      key: KEY,
      filename: 'ecritures-2026-03-01-2026-03-31.csv',
      contentType: 'text/csv; charset=utf-8',
      rowCount: 0,
      sizeBytes: Buffer.byteLength(objects.get(KEY)!),
      fileObjectId: 'file-1',
    });
    // BOM and header line, nothing else for a period without documents.
    expect(objects.get(KEY)!.startsWith('\ufeff')).toBe(true);
    expect(objects.get(KEY)!.trimEnd().split(/\r?\n/)).toHaveLength(1);
    expect(deps.readAccountingPeriod).toHaveBeenCalledWith(payload);
    expect(deps.upsertExportFileObject).toHaveBeenCalledWith(
      expect.objectContaining({ orgId: 'org-1', key: KEY, createdBy: 'owner-1' }),
    );
  });

  it('refuses a FEC for good (validation_failed, non-retryable) when the studio has no SIREN, and writes nothing', async () => {
    const { activities, objects, deps } = setUp();
    const failure = await env(1)
      .run(activities.renderAccountingExport, { jobRunId: 'job-1', payload: { ...payload, format: 'fec' as const } })
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'validation_failed', nonRetryable: true });
    expect(failure).toMatchObject({ message: expect.stringContaining('SIREN') });
    expect(objects.size).toBe(0);
    expect(deps.upsertExportFileObject).not.toHaveBeenCalled();
  });

  it('a retry (attempt 2) rewrites the same key and keeps one file object', async () => {
    const { activities, objects, fileObjects } = setUp();
    const first = await env(1).run(activities.renderAccountingExport, { jobRunId: 'job-1', payload });
    const retry = await env(2).run(activities.renderAccountingExport, { jobRunId: 'job-1', payload });
    expect(retry).toEqual(first);
    expect([...objects.keys()]).toEqual([KEY]);
    expect(fileObjects.size).toBe(1);
  });

  it('writes a Canadian studio’s tax subtotals from the journal reads, GST and QST apart, without a SIREN', async () => {
    const { activities, deps, objects } = setUp({
      findCompanyProfile: jest.fn(async () => ({ siren: null, company_country: 'CA' }) as never),
      readJournalPeriod: jest.fn(async () => ({
        invoices: [
          {
            number: 'INV-1',
            day: '2026-03-02',
            buyer_name: 'Ada',
            contact_id: null,
            currency: 'CAD',
            amount: '1149.75',
            vat_amounts: [],
            tax_amounts: [
              { name: 'GST', rate: '5', base: '1000.00', amount: '50.00' },
              { name: 'QST', rate: '9.975', base: '1000.00', amount: '99.75' },
            ],
          },
          {
            number: 'INV-2',
            day: '2026-03-03',
            buyer_name: 'Grace',
            contact_id: null,
            currency: 'CAD',
            amount: '105.00',
            vat_amounts: [{ vat_percentage: '5.00', base: '100.00', vat: '5.00' }],
            tax_amounts: null,
          },
        ],
        creditNotes: [],
        movements: [],
      })),
    });
    const summary = { ...payload, format: 'tax_summary' as const, csvDialect: 'rfc4180' as const };
    const file = (await env(1).run(activities.renderAccountingExport, { jobRunId: 'job-1', payload: summary })) as {
      key: string;
    };
    expect(file).toMatchObject({ filename: 'tax-summary-2026-03-01-2026-03-31.csv', rowCount: 2 });
    // A vat_percentage invoice's tax is named after the country: GST in Canada, with the tax line's GST.
    expect(objects.get(file.key)!.split('\r\n').slice(1, -1)).toEqual([
      '2026-03-01,2026-03-31,CAD,GST,5,1100.00,55.00,0.00,0.00,1100.00,55.00',
      '2026-03-01,2026-03-31,CAD,QST,9.975,1000.00,99.75,0.00,0.00,1000.00,99.75',
    ]);
    expect(deps.readJournalPeriod).toHaveBeenCalledWith(summary);
    expect(deps.readAccountingPeriod).not.toHaveBeenCalled();
  });

  it('refuses a FEC or the French csv for good to a studio outside France', async () => {
    const { activities, objects } = setUp({
      findCompanyProfile: jest.fn(async () => ({ siren: '912345675', company_country: 'GB' }) as never),
    });
    for (const format of ['fec', 'csv'] as const) {
      const failure = await env(1)
        .run(activities.renderAccountingExport, { jobRunId: 'job-1', payload: { ...payload, format } })
        .catch((err: unknown) => err);
      expect(failure).toMatchObject({ type: 'validation_failed', nonRetryable: true });
      expect(failure).toMatchObject({ message: expect.stringContaining('format=journal') });
    }
    expect(objects.size).toBe(0);
  });
});
