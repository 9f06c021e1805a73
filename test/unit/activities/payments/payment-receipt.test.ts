import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import crypto from 'node:crypto';
import { type Transporter } from 'nodemailer';
import {
  createPaymentReceiptActivities,
  type PaymentReceiptDeps,
} from '../../../../activities/payments/payment-receipt';
import { type ReceiptFile } from '../../../../db/commands/record-receipt-pdf';
import { type ReceiptSources } from '../../../../db/queries/payment-receipts';
import { NotFoundError } from '../../../../domain/errors';
import { type Chromium } from '../../../../lib/chromium';
import { type ReceiptPdf } from '../../../../workflows/payments/contract';
import { createMemoryLogger } from '../../../fixtures/memory-logger';
import { fakeS3 } from '../../../helpers/fake-s3';

const env = () => new MockActivityEnvironment({ attempt: 1 }, { logger: new DefaultLogger('ERROR') });

const PDF = new TextEncoder().encode('%PDF-1.7 receipt');
const SHA = crypto.createHash('sha256').update(PDF).digest('hex');

const sourcesOf = (): ReceiptSources => ({
  receipt: {
    id: 'receipt-1',
    number: 'F-2026-00012-R1',
    balance_after: '840.00',
    locale: null,
    pdf_key: null,
    pdf_sha256: null,
    emailed_at: null,
  },
  payment: {
    id: 'payment-1',
    amount: '360.00',
    currency: 'EUR',
    method: 'card',
    // 23:30 UTC on 14 March is the 15th in Paris: the receipt is dated on the studio's calendar.
    received_at: new Date('2026-03-14T23:30:00Z'),
    reference: null,
  },
  invoice: {
    id: 'invoice-1',
    number: 'F-2026-00012',
    title: 'Séance famille',
    amount: '1200.00',
    currency: 'EUR',
    buyer_name: 'Chloé Dubois',
    buyer_email: 'chloe@example.fr',
  },
  studio: {
    name: 'Studio Lumière SARL',
    address: ['12 rue Lepic', '75018 Paris'],
    country: 'FR',
    logo_key: null,
    time_zone: 'Europe/Paris',
  },
  locale: 'fr-FR',
  email: 'chloe@example.fr',
});

/** The receipt's row as the database keeps it: its pdf and its email recorded once each. */
function setUp(overrides: Partial<PaymentReceiptDeps> = {}) {
  const sources = sourcesOf();
  const { s3, puts } = fakeS3({ getBody: PDF });
  const page = { setContent: jest.fn(), pdf: jest.fn(async () => PDF), close: jest.fn(async () => undefined) };
  const chromium = { browser: jest.fn(async () => ({ newPage: async () => page })) } as unknown as Chromium;
  const sent: Record<string, unknown>[] = [];
  const { logger, lines } = createMemoryLogger();
  const deps: PaymentReceiptDeps = {
    logger,
    s3,
    bucket: 'studio',
    chromium,
    mailer: { sendMail: jest.fn(async (m: Record<string, unknown>) => sent.push(m)) } as unknown as Transporter,
    mailFrom: 'Studio <no-reply@studio.local>',
    loadReceiptSources: jest.fn(async () => structuredClone(sources)),
    recordReceiptPdf: jest.fn(async (_owner: string, _id: string, file: ReceiptFile) => {
      sources.receipt.pdf_key ??= file.key;
      sources.receipt.pdf_sha256 ??= file.sha256;
      sources.receipt.locale ??= file.locale;
      return { key: sources.receipt.pdf_key, sha256: sources.receipt.pdf_sha256, locale: sources.receipt.locale };
    }),
    markReceiptEmailed: jest.fn(async () => {
      sources.receipt.emailed_at = new Date();
      return true;
    }),
    ...overrides,
  };
  return { activities: createPaymentReceiptActivities(deps), deps, sources, puts, page, sent, lines };
}

const payload = { paymentId: 'payment-1', ownerId: 'owner-1' };
const keptKey = `pdfs/receipts/owner-1/invoice-1/recu-F-2026-00012-R1-${SHA.slice(0, 16)}.pdf`;

describe('the receipt activities with fake deps', () => {
  it('render the pdf once in the client language, store it under a permanent key, and answer the kept file after', async () => {
    const { activities, puts, page, deps } = setUp();
    const pdf = await env().run(activities.renderPaymentReceipt, payload);
    expect(pdf).toEqual({ receiptId: 'receipt-1', key: keptKey, sha256: SHA, filename: 'recu-F-2026-00012-R1.pdf' });
    expect(puts.map((p) => p.input.Key)).toEqual([keptKey]);
    const html = String(page.setContent.mock.calls[0][0]);
    expect(html).toContain('Reçu de paiement');
    expect(html).toContain('15 mars 2026');
    expect(html).toContain('Reste à payer');
    expect(html).toContain('75018 Paris<br>France');
    expect(deps.recordReceiptPdf).toHaveBeenCalledWith('owner-1', 'receipt-1', {
      key: keptKey,
      sha256: SHA,
      locale: 'fr-FR',
    });
    // Asked again (a retry, a replay): the kept file, nothing rendered or stored.
    expect(await env().run(activities.renderPaymentReceipt, payload)).toEqual(pdf);
    expect(page.pdf).toHaveBeenCalledTimes(1);
    expect(puts).toHaveLength(1);
  });

  it('email the receipt once, the pdf attached, in the language of its pdf', async () => {
    const { activities, sent, sources, lines } = setUp();
    const pdf = (await env().run(activities.renderPaymentReceipt, payload)) as ReceiptPdf;
    // The client switched to English since: the email keeps the pdf's French.
    sources.locale = 'en-US';
    expect(await env().run(activities.sendPaymentReceipt, { jobRunId: 'run-1', payload, pdf })).toEqual({
      receipt: 'F-2026-00012-R1',
      email: 'sent',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'chloe@example.fr',
      subject: 'Reçu de paiement F-2026-00012-R1 – facture F-2026-00012',
      messageId: '<receipt-receipt-1@studio.local>',
      attachments: [{ filename: 'recu-F-2026-00012-R1.pdf', contentType: 'application/pdf' }],
    });
    expect(await env().run(activities.sendPaymentReceipt, { jobRunId: 'run-1', payload, pdf })).toEqual({
      receipt: 'F-2026-00012-R1',
      email: 'already_sent',
    });
    expect(sent).toHaveLength(1);
    // The client's address is not logged.
    expect(JSON.stringify(lines())).not.toContain('chloe@example.fr');
  });

  it('keep the receipt without an email when the client has no address', async () => {
    const { activities, sent, sources } = setUp();
    sources.email = null;
    const pdf = (await env().run(activities.renderPaymentReceipt, payload)) as ReceiptPdf;
    expect(await env().run(activities.sendPaymentReceipt, { jobRunId: 'run-1', payload, pdf })).toEqual({
      receipt: 'F-2026-00012-R1',
      email: 'no_email',
    });
    expect(sent).toHaveLength(0);
  });

  it('fail for good when the receipt is gone', async () => {
    const { activities } = setUp({
      loadReceiptSources: jest.fn(async () => {
        throw new NotFoundError('Receipt');
      }),
    });
    const failure = await env()
      .run(activities.renderPaymentReceipt, payload)
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'not_found', nonRetryable: true });
  });
});
