import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { type Transporter } from 'nodemailer';
import {
  createScheduleChangedActivities,
  type ScheduleChangedDeps,
} from '../../../../activities/invoicing/notify-schedule-changed';
import { type ScheduledDocumentRow } from '../../../../db/queries/scheduled-documents';
import { createMemoryLogger } from '../../../fixtures/memory-logger';

const env = (attempt: number) => new MockActivityEnvironment({ attempt }, { logger: new DefaultLogger('ERROR') });

const invoice: ScheduledDocumentRow = {
  kind: 'invoice',
  id: 'inv-1',
  title: 'Reportage mariage',
  number: 'F-2026-0007',
  amount: '1200.00',
  currency: 'EUR',
  amount_paid: '0.00',
  created_at: new Date('2026-03-01T10:00:00Z'),
  issued_at: new Date('2026-03-01T10:00:00Z'),
  payment_schedule: [
    { percentage: 30, due: { type: 'on_booking' } },
    { percentage: 70, due: { type: 'before_start', days: 30 } },
  ],
  contact_email: 'lea@example.com',
  contact_first_name: 'Léa',
  contact_locale: 'fr-FR',
};

/** email_tracking: a notice key is SENT once (db/commands/schedule-notices.ts). */
function setUp(overrides: Partial<ScheduleChangedDeps> = {}) {
  const recorded = new Set<string>();
  const sendMail = jest.fn(async () => ({ messageId: 'm' }));
  const deps: ScheduleChangedDeps = {
    logger: createMemoryLogger().logger,
    mailer: { sendMail } as unknown as Transporter,
    mailFrom: 'billing@example.com',
    findStudio: jest.fn(async () => ({ id: 'owner-1', locale: 'fr-FR', time_zone: 'Europe/Paris' }) as never),
    findSession: jest.fn(async () => ({ id: 'session-1', title: 'Mariage Dupont' }) as never),
    listScheduledDocuments: jest.fn(async () => [invoice]),
    scheduleNoticeSent: jest.fn(async (key: string) => recorded.has(key)),
    findEmailTemplate: jest.fn(async () => ({
      subject: 'Échéancier de {{document.number}} modifié',
      body_text: '{{changes}}',
      body_html: '<p>{{changes}}</p>',
    })) as never,
    recordScheduleNotice: jest.fn(async ({ key }: { key: string }) => {
      recorded.add(key);
    }) as never,
    ...overrides,
  };
  return { activities: createScheduleChangedActivities(deps), deps, sendMail, recorded };
}

const input = {
  jobRunId: 'job-1',
  payload: {
    eventId: 'evt-9',
    sessionId: 'session-1',
    ownerId: 'owner-1',
    previousStart: '2026-09-12T12:00:00Z',
    newStart: '2026-10-10T12:00:00Z',
  },
};

describe('notifyPaymentScheduleChanged with fake deps', () => {
  it("mails the client the installments whose due date moved, and records the notice under the move's key", async () => {
    const { activities, deps, sendMail } = setUp();
    expect(await env(1).run(activities.notifyPaymentScheduleChanged, input)).toEqual({ sent: 1 });
    expect(deps.listScheduledDocuments).toHaveBeenCalledWith('owner-1', 'session-1');
    const mail = (sendMail.mock.calls[0] as unknown as [Record<string, string>])[0];
    expect(mail).toMatchObject({
      to: 'lea@example.com',
      subject: 'Échéancier de F-2026-0007 modifié',
      messageId: '<schedule-changed-evt-9-inv-1@studio.local>',
    });
    expect(mail.text.replace(/[\u202f\u00a0]/g, ' ')).toContain('Échéance 2 : 840,00 €');
    expect(deps.recordScheduleNotice).toHaveBeenCalledWith(
      expect.objectContaining({ key: 'schedule-changed:evt-9:inv-1', documentId: 'inv-1', jobRunId: 'job-1' }),
    );
  });

  it('fails (retryably) when the system template is missing, before mailing anyone', async () => {
    const { activities, sendMail } = setUp({ findEmailTemplate: jest.fn(async () => null) });
    await expect(env(1).run(activities.notifyPaymentScheduleChanged, input)).rejects.toThrow(
      'The system template payment-schedule-changed is missing',
    );
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('a retry (attempt 2) skips the notices already sent', async () => {
    const { activities, sendMail } = setUp();
    expect(await env(1).run(activities.notifyPaymentScheduleChanged, input)).toEqual({ sent: 1 });
    expect(await env(2).run(activities.notifyPaymentScheduleChanged, input)).toEqual({ sent: 0 });
    expect(sendMail).toHaveBeenCalledTimes(1);
  });
});
