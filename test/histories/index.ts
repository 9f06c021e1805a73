// Saved workflow histories and the workflow code they replay against. The replay test
// (test/unit/jobs/replay-histories.test.ts) replays every line; the recording script
// (scripts/record-workflow-histories.ts) writes the file of each line from its `record` recipe.
// To cover a new workflow: add a line, record it, commit the JSON (docs/testing.md).
import { createFakeEntityAutomationActivities, welcomePlan } from '../fixtures/fake-entity-automation-activities';
import { createFakeJobActivities } from '../fixtures/fake-job-activities';
import { TASK_QUEUES } from '../../workflows/job-run/contract';

export interface SavedHistory {
  /** Path under test/histories: `<workflowType>/<case>.json`. */
  file: string;
  /** The module whose bundle replays it: the module a worker registers the workflow from. */
  workflowsPath: string;
  /** How the recording script produces it on the time-skipping test server. */
  record: {
    workflowType: string;
    args: unknown[];
    /** Fresh fake activities for one recording (the workflow's outcome follows from them). */
    activities: () => object;
    /** Activities the workflow calls on another task queue, by queue. */
    otherQueues?: Record<string, () => object>;
  };
}

/** The fixture job workflows, and the real workers' module. */
const FIXTURE_WORKFLOWS = require.resolve('../fixtures/job-workflows');
const WORKER_WORKFLOWS = require.resolve('../../workflows');

// A fixed job run id keeps re-recorded histories byte-comparable apart from their timestamps.
const jobInput = (payload: Record<string, unknown>) => ({ jobRunId: '00000000-0000-4000-8000-000000000001', payload });

/** A trigger evaluation's activities: the job-run bookkeeping and an evaluation that records one SKIPPED trigger of two. */
const evaluationActivities = () => ({
  ...createFakeJobActivities().activities,
  evaluateTriggers: async () => ({ eventType: 'CONTACT_CREATED', triggers: 2, applied: 0, skipped: 1, failed: 0 }),
});

/** An invoice's reminder activities: a reminder a day after the first plan, sent, then the invoice is paid. */
const reminderActivities = () => {
  let sent = false;
  let dueAt = 0;
  return {
    ...createFakeJobActivities().activities,
    planInvoiceReminder: async ({ now }: { now: number }) => {
      if (sent) return { kind: 'end', reason: 'settled' };
      dueAt ||= now + 86_400_000;
      return { kind: 'send', at: dueAt, dueDate: '2026-03-10', stepIndex: 0, occurrence: 0 };
    },
    sendInvoiceReminder: async () => {
      sent = true;
      return { status: 'sent', dueDate: '2026-03-10', stepIndex: 0, occurrence: 0 };
    },
  };
};

export const SAVED_HISTORIES: SavedHistory[] = [
  {
    file: 'twoStepJobWorkflow/completes.json',
    workflowsPath: FIXTURE_WORKFLOWS,
    record: {
      workflowType: 'twoStepJobWorkflow',
      args: [jobInput({ slowMs: 10 })],
      activities: () => createFakeJobActivities().activities,
    },
  },
  {
    file: 'switchedJobWorkflow/fails-into-dlq.json',
    workflowsPath: FIXTURE_WORKFLOWS,
    record: {
      workflowType: 'switchedJobWorkflow',
      args: [jobInput({ switchName: 'printer-7' })],
      activities: () => createFakeJobActivities({ switchedOn: false }).activities,
    },
  },
  {
    file: 'dayLaterJobWorkflow/completes-after-a-day.json',
    workflowsPath: FIXTURE_WORKFLOWS,
    record: {
      workflowType: 'dayLaterJobWorkflow',
      args: [jobInput({})],
      activities: () => createFakeJobActivities().activities,
    },
  },
  {
    file: 'reconcileJobRunsWorkflow/one-pass.json',
    workflowsPath: WORKER_WORKFLOWS,
    record: {
      workflowType: 'reconcileJobRunsWorkflow',
      args: [{ graceSeconds: 120, batchSize: 200 }],
      activities: () => ({ reconcileJobRuns: async () => ({ checked: 3, completed: 1, failed: 1 }) }),
    },
  },
  {
    file: 'launchJobWorkflow/starts-a-job.json',
    workflowsPath: WORKER_WORKFLOWS,
    record: {
      workflowType: 'launchJobWorkflow',
      args: [{ jobName: 'cleanup.export-files', payload: {} }],
      activities: () => ({ startJobByName: async () => '00000000-0000-4000-8000-000000000002' }),
    },
  },
  {
    // The evaluation job before its activities became local (now under evaluateEventTriggersWorkflow).
    file: 'evaluateTriggersWorkflow/activity-tasks.json',
    workflowsPath: WORKER_WORKFLOWS,
    record: {
      workflowType: 'evaluateTriggersWorkflow',
      args: [jobInput({ eventId: '42' })],
      activities: evaluationActivities,
    },
  },
  {
    // The contract's `activities: 'local'` (until issue 43): one workflow task, local-activity markers only.
    file: 'evaluateEventTriggersWorkflow/local-activities.json',
    workflowsPath: WORKER_WORKFLOWS,
    record: {
      workflowType: 'evaluateEventTriggersWorkflow',
      args: [jobInput({ eventId: '42' })],
      activities: evaluationActivities,
    },
  },
  {
    // The contract's `activities: 'single-local'`: one local activity, the bookkeeping inside it.
    file: 'evaluateTriggersInOneActivityWorkflow/one-local-activity.json',
    workflowsPath: WORKER_WORKFLOWS,
    record: {
      workflowType: 'evaluateTriggersInOneActivityWorkflow',
      args: [jobInput({ eventId: '42' })],
      activities: evaluationActivities,
    },
  },
  {
    // A SCHEDULED trigger's firing over two pages of sessions.
    file: 'runScheduledTriggerWorkflow/two-pages.json',
    workflowsPath: WORKER_WORKFLOWS,
    record: {
      workflowType: 'runScheduledTriggerWorkflow',
      args: [jobInput({ triggerId: '00000000-0000-4000-8000-000000000003' })],
      activities: () => ({
        ...createFakeJobActivities().activities,
        runScheduledTriggerPage: async ({ afterId }: { afterId: string | null }) =>
          afterId === null
            ? { next: 'page-1-last', entityType: 'SESSION', entities: 100, applied: 2, skipped: 0, failed: 0 }
            : { next: null, entityType: 'SESSION', entities: 7, applied: 1, skipped: 0, failed: 0 },
      }),
    },
  },
  {
    // A workflow run for a contact (issue 21 §3): its email now, its SMS two days later on a durable timer.
    file: 'entityWorkflow/email-then-sms.json',
    workflowsPath: WORKER_WORKFLOWS,
    record: {
      workflowType: 'entityWorkflow',
      args: [
        jobInput({
          ownerId: 'owner',
          entityType: 'CONTACT',
          entityId: 'contact',
          workflowId: 'workflow',
          triggerId: 'trigger',
          firingId: '',
        }),
      ],
      activities: () => createFakeEntityAutomationActivities(welcomePlan).activities,
    },
  },
  {
    // The overdue scan: a full batch, then a short one ends the fire.
    file: 'markOverdueInvoicesWorkflow/two-batches.json',
    workflowsPath: WORKER_WORKFLOWS,
    record: {
      workflowType: 'markOverdueInvoicesWorkflow',
      args: [{ batchSize: 2 }],
      activities: () => {
        const batches = [2, 1];
        return { markOverdueInvoices: async () => batches.shift() ?? 0 };
      },
    },
  },
  {
    // The notices of a session move: one activity sends them all.
    file: 'paymentScheduleChangedWorkflow/notices-sent.json',
    workflowsPath: WORKER_WORKFLOWS,
    record: {
      workflowType: 'paymentScheduleChangedWorkflow',
      args: [
        jobInput({
          eventId: '42',
          sessionId: 'session',
          ownerId: 'owner',
          previousStart: '2026-06-20T14:00:00.000Z',
          newStart: '2026-07-20T14:00:00.000Z',
        }),
      ],
      activities: () => ({
        ...createFakeJobActivities().activities,
        notifyPaymentScheduleChanged: async () => ({ sent: 2 }),
      }),
    },
  },
  {
    // An invoice's reminders: one planned a day ahead, sent (the kept pdf fetched first), then a
    // payment: the next plan ends them.
    file: 'invoiceRemindersWorkflow/one-reminder-then-paid.json',
    workflowsPath: WORKER_WORKFLOWS,
    record: {
      workflowType: 'invoiceRemindersWorkflow',
      args: [jobInput({ invoiceId: 'invoice', ownerId: 'owner' })],
      activities: reminderActivities,
      otherQueues: {
        [TASK_QUEUES.documents]: () => ({
          renderDocumentPdf: async () => ({ key: 'invoices/invoice.pdf', filename: 'F-2026-00001.pdf' }),
        }),
      },
    },
  },
  {
    // An accounting export asked for async: the FEC rendered, the owner told.
    file: 'accountingExportWorkflow/async-rendered.json',
    workflowsPath: WORKER_WORKFLOWS,
    record: {
      workflowType: 'accountingExportWorkflow',
      args: [
        jobInput({
          ownerId: 'owner',
          orgId: 'org',
          from: '2026-01-01',
          to: '2026-12-31',
          format: 'fec',
          csvDialect: 'rfc4180',
          timeZone: 'Europe/Paris',
          mode: 'async',
        }),
      ],
      activities: () => ({
        ...createFakeJobActivities().activities,
        renderAccountingExport: async () => ({
          key: 'temp/accounting/owner/run/912345675FEC20261231.txt',
          filename: '912345675FEC20261231.txt',
          contentType: 'text/plain; charset=utf-8',
          rowCount: 7,
          sizeBytes: 900,
          fileObjectId: 'file',
        }),
        notifyExportOwner: async () => undefined,
      }),
    },
  },
  {
    // A payment's receipt: its pdf rendered on the documents queue, then emailed.
    file: 'paymentReceiptWorkflow/rendered-and-sent.json',
    workflowsPath: WORKER_WORKFLOWS,
    record: {
      workflowType: 'paymentReceiptWorkflow',
      args: [jobInput({ paymentId: 'payment', ownerId: 'owner' })],
      activities: () => ({
        ...createFakeJobActivities().activities,
        sendPaymentReceipt: async () => ({ receipt: 'F-2026-00001-R1', email: 'sent' }),
      }),
      otherQueues: {
        [TASK_QUEUES.documents]: () => ({
          renderPaymentReceipt: async () => ({
            receiptId: 'receipt',
            key: 'pdfs/receipts/owner/invoice/recu-F-2026-00001-R1-0123456789abcdef.pdf',
            filename: 'recu-F-2026-00001-R1.pdf',
            sha256: '0'.repeat(64),
          }),
        }),
      },
    },
  },
];

/** The workflow id a history is recorded and replayed under (histories do not carry it). */
export function historyWorkflowId(history: SavedHistory): string {
  return `history:${history.file.replace(/\.json$/, '')}`;
}
