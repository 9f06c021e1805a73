// An invoice's reminders on Temporal's time-skipping server: a month of reminders in seconds, on
// the client's clock, with in-memory activities that decide with the real rules
// (domain/invoicing/reminder-decision.ts). A payment between two steps ends them at once; one
// that came without a signal is seen before anything more is sent; a pause holds them until the
// resume, after which only the latest reminder missed goes out.
import crypto from 'node:crypto';
import { type TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker, type WorkflowBundle } from '@temporalio/worker';
import type { JobRunActivities } from '../../../activities/job-runs';
import { addDays, instantAtWallClock, weekdayOf } from '../../../domain/invoicing/calendar-date';
import { decideReminder, type InvoiceReminderFacts, reminderPlanOf } from '../../../domain/invoicing/reminder-decision';
import { type ReminderStep } from '../../../domain/invoicing/reminder-plan';
import { TASK_QUEUES } from '../../../workflows/job-run/contract';
import {
  type DocumentPdfActivities,
  INVOICE_REMINDERS_CHANGED_SIGNAL,
  type InvoiceRemindersActivities,
  type InvoiceRemindersSummary,
} from '../../../workflows/invoicing/contract';
import { bundleWorkflows, startTimeSkippingEnv } from '../../helpers/time-skipping';

const TASK_QUEUE = 'invoice-reminders-unit';
const PARIS = 'Europe/Paris';

let env: TestWorkflowEnvironment;
let bundle: WorkflowBundle;
beforeAll(async () => {
  [env, bundle] = await Promise.all([
    startTimeSkippingEnv(),
    bundleWorkflows(require.resolve('../../../workflows/invoicing/invoice-reminders')),
  ]);
}, 120_000);
afterAll(async () => {
  await env?.teardown();
});

// Three days before (Monday), on the due date (Thursday, with an SMS), then a week late and twice more weekly.
const STEPS: ReminderStep[] = [
  { offsetDays: -3, channels: ['email'] },
  { offsetDays: 0, channels: ['email', 'sms'] },
  { offsetDays: 7, repeatEveryDays: 7, maxRepeats: 2, channels: ['email'] },
];

/** The first Thursday at least 10 days after `now` on the Paris calendar. */
function thursdayAfter(now: number): string {
  let day = addDays(new Date(now).toISOString().slice(0, 10), 10);
  while (weekdayOf(day) !== 4) day = addDays(day, 1);
  return day;
}
const nineInParis = (day: string) => instantAtWallClock(day, 9, 0, PARIS).getTime();
/** To the minute: a timer fires a few milliseconds after its moment. */
const minute = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();

/** The invoice as the database would hold it, the activities over it, and what they sent (at the workflow's clock). */
function fakeInvoice(dueDate: string) {
  const facts: InvoiceReminderFacts = {
    status: 'ISSUED',
    balanceDueCents: 150_000n,
    dueDate,
    timeZone: PARIS,
    steps: STEPS,
    control: null,
    clientPaused: false,
    cardPaymentPending: false,
    hasEmail: true,
    behind: [],
  };
  const sent: { at: number; stepIndex: number; occurrence: number; channels: string[] }[] = [];
  const jobRuns: JobRunActivities = { async startJobRun() {}, async completeJobRun() {}, async failJobRun() {} };
  const reminders: InvoiceRemindersActivities = {
    async planInvoiceReminder({ now }) {
      return reminderPlanOf(decideReminder(facts, new Date(now)));
    },
    async sendInvoiceReminder({ now, pdfKey }) {
      expect(pdfKey).toBe('invoices/F-2026-00042.pdf');
      const decision = decideReminder(facts, new Date(now));
      if (decision.kind !== 'send' || decision.reminder.at.getTime() > now) return { status: 'not_due' };
      const { stepIndex, occurrence, channels } = decision.reminder;
      sent.push({ at: now, stepIndex, occurrence, channels });
      facts.behind = [...facts.behind, { dueDate: decision.dueDate, stepIndex, occurrence }];
      return { status: 'sent', dueDate: decision.dueDate, stepIndex, occurrence };
    },
  };
  const pdf: DocumentPdfActivities = {
    async renderDocumentPdf() {
      return { key: 'invoices/F-2026-00042.pdf', filename: 'F-2026-00042.pdf' };
    },
    async renderDocumentDocx() {
      throw new Error('not used');
    },
    async renderEInvoice() {
      throw new Error('not used');
    },
  };
  return { facts, sent, activities: { ...jobRuns, ...reminders }, pdf };
}

async function run(
  invoice: ReturnType<typeof fakeInvoice>,
  during: (handle: Awaited<ReturnType<typeof env.client.workflow.start>>) => Promise<void>,
): Promise<InvoiceRemindersSummary> {
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowBundle: bundle,
    activities: invoice.activities,
  });
  // The kept pdf comes from the documents queue, as in production.
  const documents = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUES.documents,
    workflowBundle: bundle,
    activities: invoice.pdf,
  });
  const jobRunId = crypto.randomUUID();
  const handle = await env.client.workflow.start('invoiceRemindersWorkflow', {
    taskQueue: TASK_QUEUE,
    workflowId: `invoice-reminders-unit:${jobRunId}`,
    args: [{ jobRunId, payload: { invoiceId: 'i', ownerId: 'o' } }],
  });
  return documents.runUntil(
    worker.runUntil(async () => {
      await during(handle);
      return (await handle.result()) as InvoiceRemindersSummary;
    }),
  );
}

/** Advances the server's clock to `instant` (the workflow's timers fire on the way). */
async function until(instant: number) {
  const now = await env.currentTimeMs();
  if (instant > now) await env.sleep(instant - now);
}

describe('invoiceRemindersWorkflow', () => {
  it('sends each reminder at 09:00 on the client clock over a month, then a payment between two steps ends them at once', async () => {
    const due = thursdayAfter(await env.currentTimeMs());
    const invoice = fakeInvoice(due);
    const summary = await run(invoice, async (handle) => {
      // A week after the due date the first late reminder has gone; three days later the client pays.
      await until(nineInParis(addDays(due, 10)));
      invoice.facts.balanceDueCents = 0n;
      await handle.signal(INVOICE_REMINDERS_CHANGED_SIGNAL);
    });

    expect(summary).toEqual({ sent: 3, reason: 'settled' });
    expect(invoice.sent.map((s) => [minute(s.at), s.stepIndex, s.occurrence, s.channels.join('+')])).toEqual([
      [minute(nineInParis(addDays(due, -3))), 0, 0, 'email'],
      [minute(nineInParis(due)), 1, 0, 'email+sms'],
      [minute(nineInParis(addDays(due, 7))), 2, 0, 'email'],
    ]);
    // The payment came ten days after the due date: the reminders of days 14 and 21 never went.
  });

  it('sees a payment that came without a signal when it wakes, and sends nothing more', async () => {
    const due = thursdayAfter(await env.currentTimeMs());
    const invoice = fakeInvoice(due);
    const summary = await run(invoice, async () => {
      await until(nineInParis(addDays(due, -3)) + 60_000);
      invoice.facts.balanceDueCents = 0n; // no signal: the next timer (the due date) finds it
    });
    expect(summary).toEqual({ sent: 1, reason: 'settled' });
    expect(invoice.sent.map((s) => s.stepIndex)).toEqual([0]);
  });

  it('holds while paused without moving any date, and after the resume sends only the latest reminder missed, then the rest on time', async () => {
    const due = thursdayAfter(await env.currentTimeMs());
    const invoice = fakeInvoice(due);
    const summary = await run(invoice, async (handle) => {
      await until(nineInParis(addDays(due, -3)) + 60_000);
      invoice.facts.control = 'PAUSED';
      await handle.signal(INVOICE_REMINDERS_CHANGED_SIGNAL);
      // Paused over the due date and the first late reminder; resumed on day 8 at 10:00 (a Friday).
      const resumeAt = nineInParis(addDays(due, 8)) + 3_600_000;
      await until(resumeAt);
      expect(invoice.sent).toHaveLength(1);
      invoice.facts.control = null;
      await handle.signal(INVOICE_REMINDERS_CHANGED_SIGNAL);
      await until(nineInParis(addDays(due, 22)));
      invoice.facts.control = 'STOPPED';
      await handle.signal(INVOICE_REMINDERS_CHANGED_SIGNAL);
    });

    expect(summary).toEqual({ sent: 4, reason: 'stopped' });
    const resumeAt = nineInParis(addDays(due, 8)) + 3_600_000;
    expect(invoice.sent.map((s) => [s.stepIndex, s.occurrence])).toEqual([
      [0, 0],
      [2, 0], // the due-date reminder was passed over for the later one it missed
      [2, 1],
      [2, 2],
    ]);
    expect(invoice.sent[1].at).toBeGreaterThanOrEqual(resumeAt);
    expect(invoice.sent[1].at).toBeLessThan(resumeAt + 60_000);
    expect(minute(invoice.sent[2].at)).toBe(minute(nineInParis(addDays(due, 14))));
  });
});
