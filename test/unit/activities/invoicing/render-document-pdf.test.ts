import crypto from 'node:crypto';
import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import {
  createDocumentPdfActivities,
  type DocumentPdfDeps,
} from '../../../../activities/invoicing/render-document-pdf';
import { type StoredDocumentFile } from '../../../../db/commands/stored-documents';
import { type DocumentSources } from '../../../../db/queries/document-sources';
import { type Chromium } from '../../../../lib/chromium';
import { fakeS3 } from '../../../helpers/fake-s3';

const env = (attempt: number) => new MockActivityEnvironment({ attempt }, { logger: new DefaultLogger('ERROR') });

const PDF = new TextEncoder().encode('%PDF-1.7 fake');
const SHA = crypto.createHash('sha256').update(PDF).digest('hex');

const sources = {
  document: {
    id: 'inv-1',
    number: 'F-2026-0007',
    status: 'ISSUED',
    title: 'Reportage mariage',
    currency: 'EUR',
    description: null,
    created_at: new Date('2026-05-02T09:00:00Z'),
    issued_at: new Date('2026-05-03T09:00:00Z'),
    buyer: null,
    service_date: '2026-05-01',
    service_end_date: null,
    items: [],
  },
  untilDate: '2026-06-02',
  owner: {
    id: 'owner-1',
    name: 'Studio Lumière',
    email: 's@example.com',
    locale: 'fr-FR',
    time_zone: 'Europe/Paris',
    logo_key: null,
  },
  company: null,
  contact: null,
  depositQuoteNumber: null,
  session: null,
} as unknown as DocumentSources;

/** The invoice's kept pdf: recorded once (`WHERE pdf_key IS NULL`), the first record winning. */
function setUp(overrides: Partial<DocumentPdfDeps> = {}) {
  let kept: StoredDocumentFile | null = null;
  const { s3, puts } = fakeS3();
  const page = { setContent: jest.fn(), pdf: jest.fn(async () => PDF), close: jest.fn(async () => undefined) };
  const chromium = { browser: jest.fn(async () => ({ newPage: async () => page })) } as unknown as Chromium;
  const deps: DocumentPdfDeps = {
    s3,
    bucket: 'studio',
    chromium,
    findStoredPdf: jest.fn(async () => kept),
    recordStoredPdf: jest.fn(async (_kind, _owner, _id, file) => (kept ??= file)),
    loadDocumentSources: jest.fn(async () => sources),
    loadCreditNoteSources: jest.fn(async () => null),
    loadInvoiceEInvoice: jest.fn(async () => null),
    loadCreditNoteEInvoice: jest.fn(async () => null),
    findKeptEInvoice: jest.fn(async () => null),
    recordKeptEInvoice: jest.fn(async (_kind, _owner, _id, _format, file) => file),
    ...overrides,
  };
  return { activities: createDocumentPdfActivities(deps), deps, puts, page };
}

const payload = { kind: 'invoice' as const, documentId: 'inv-1', ownerId: 'owner-1' };
const keptKey = `pdfs/invoices/owner-1/inv-1/facture-F-2026-0007-${SHA.slice(0, 16)}.pdf`;

describe('renderDocumentPdf with fake deps', () => {
  it('renders an issued invoice once, stores it under its number and hash, and records it as the kept pdf', async () => {
    const { activities, deps, puts } = setUp();
    expect(await env(1).run(activities.renderDocumentPdf, payload)).toEqual({
      key: keptKey,
      filename: 'facture-F-2026-0007.pdf',
      sha256: SHA,
    });
    expect(puts.map((p) => p.input)).toEqual([
      expect.objectContaining({ Bucket: 'studio', Key: keptKey, ContentType: 'application/pdf' }),
    ]);
    expect(deps.recordStoredPdf).toHaveBeenCalledWith('invoice', 'owner-1', 'inv-1', { key: keptKey, sha256: SHA });
  });

  it('refuses for good (document_not_found, non-retryable) when the invoice is gone, and stores nothing', async () => {
    const { activities, puts } = setUp({ loadDocumentSources: jest.fn(async () => null) });
    const failure = await env(1)
      .run(activities.renderDocumentPdf, payload)
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'document_not_found', nonRetryable: true });
    expect(puts).toEqual([]);
  });

  it('a retry (attempt 2) answers the pdf the first attempt kept, without rendering or storing again', async () => {
    const { activities, puts, page } = setUp();
    const first = await env(1).run(activities.renderDocumentPdf, payload);
    const retry = await env(2).run(activities.renderDocumentPdf, payload);
    expect(retry).toEqual(first);
    expect(page.pdf).toHaveBeenCalledTimes(1);
    expect(puts).toHaveLength(1);
  });
});
