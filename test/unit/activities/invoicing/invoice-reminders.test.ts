import { type S3Client } from '@aws-sdk/client-s3';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { type Transporter } from 'nodemailer';
import {
  createInvoiceReminderActivities,
  type InvoiceReminderDeps,
  REMINDER_SEND_ATTEMPTS,
} from '../../../../activities/invoicing/invoice-reminders';
import { type ReminderFactsRow } from '../../../../db/queries/invoice-reminders';
import { type SmsProvider } from '../../../../lib/sms/sms-provider';
import { createMemoryLogger } from '../../../fixtures/memory-logger';

const env = (attempt: number) => new MockActivityEnvironment({ attempt }, { logger: new DefaultLogger('ERROR') });

const NOW = Date.parse('2026-06-10T08:00:00Z');
const facts = {
  id: 'inv-1',
  owner_id: 'owner-1',
  number: 'F-2026-0007',
  balance_due: '840.00',
  currency: 'EUR',
  contact_id: 'contact-1',
  contact_email: 'lea@example.com',
  contact_first_name: 'Léa',
  contact_phone: null,
  contact_locale: 'fr-FR',
  contact_country: 'FR',
  studio_country: 'FR',
  studio_locale: 'fr-FR',
  steps: [],
} as unknown as ReminderFactsRow;
const decision = {
  kind: 'send' as const,
  dueDate: '2026-06-01',
  reminder: {
    at: new Date(NOW - 60_000),
    stepIndex: 0,
    occurrence: 0,
    scheduledDate: '2026-06-10',
    channels: ['email' as const],
  },
};

/** invoice_reminders: one row per (due date, step, occurrence), as db/commands/invoice-reminders.ts writes it. */
function setUp(overrides: Partial<InvoiceReminderDeps> = {}) {
  const rows: { status: string; email: { key: string } }[] = [];
  const sendMail = jest.fn(async () => ({ messageId: 'm' }));
  const deps: InvoiceReminderDeps = {
    logger: createMemoryLogger().logger,
    mailer: { sendMail } as unknown as Transporter,
    mailFrom: 'billing@example.com',
    sms: { send: jest.fn() } as unknown as SmsProvider,
    s3: {} as S3Client,
    publicS3: {} as S3Client,
    bucket: 'studio',
    linkTtlSeconds: 3600,
    issueDocumentLink: jest.fn(async () => null),
    appBaseUrl: 'https://app.example.com',
    tenantBaseUrl: 'https://%s.example.com',
    magicLinkTtlMinutes: 60,
    findReminderDecision: jest.fn(async () => ({ decision, facts })) as never,
    reminderBehind: jest.fn(async () => rows.length > 0),
    loadClientFace: jest.fn(async () => null),
    recordInvoiceReminder: jest.fn(async (row: { status: string; email: { key: string } }) => {
      rows.push(row);
    }) as never,
    ...overrides,
  };
  return { activities: createInvoiceReminderActivities(deps), deps, sendMail, rows };
}

const input = { jobRunId: 'job-1', invoiceId: 'inv-1', ownerId: 'owner-1', now: NOW, pdfKey: null };
const SENT = { status: 'sent', dueDate: '2026-06-01', stepIndex: 0, occurrence: 0 };

describe('sendInvoiceReminder with fake deps', () => {
  it('mails the reminder that is due to the client and records it SENT under its key', async () => {
    const { activities, sendMail, rows } = setUp();
    expect(await env(1).run(activities.sendInvoiceReminder, input)).toEqual(SENT);
    expect(sendMail).toHaveBeenCalledWith(
      expect.objectContaining({
        to: 'lea@example.com',
        messageId: '<invoice-reminder-inv-1-2026-06-01-0-0@studio.local>',
      }),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        status: 'SENT',
        smsStatus: null,
        email: expect.objectContaining({ key: 'invoice-reminder:inv-1:2026-06-01:0:0', jobRunId: 'job-1' }),
      }),
    ]);
  });

  it('rethrows a mail failure for Temporal to retry, and records it FAILED (no throw) at the last attempt', async () => {
    const sendMail = jest.fn(async () => {
      throw new Error('SMTP 451 try again later');
    });
    const { activities, rows } = setUp({ mailer: { sendMail } as unknown as Transporter });
    await expect(env(1).run(activities.sendInvoiceReminder, input)).rejects.toThrow('SMTP 451 try again later');
    expect(rows).toEqual([]);

    expect(await env(REMINDER_SEND_ATTEMPTS).run(activities.sendInvoiceReminder, input)).toEqual({ status: 'failed' });
    expect(rows).toEqual([
      expect.objectContaining({ status: 'FAILED', error: 'SMTP 451 try again later', email: expect.anything() }),
    ]);
  });

  it('a retry (attempt 2) of a reminder already recorded mails nothing and answers it sent', async () => {
    const { activities, sendMail, rows } = setUp();
    await env(1).run(activities.sendInvoiceReminder, input);
    expect(await env(2).run(activities.sendInvoiceReminder, input)).toEqual(SENT);
    expect(sendMail).toHaveBeenCalledTimes(1);
    expect(rows).toHaveLength(1);
  });

  it('sends nothing when the decision at the workflow clock is no longer to send', async () => {
    const { activities, sendMail } = setUp({
      findReminderDecision: jest.fn(async () => ({ decision: { kind: 'end', reason: 'paid' }, facts })) as never,
    });
    expect(await env(1).run(activities.sendInvoiceReminder, input)).toEqual({ status: 'not_due' });
    expect(sendMail).not.toHaveBeenCalled();
  });
});
