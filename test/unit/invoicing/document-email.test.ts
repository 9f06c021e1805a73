// The send-email workflow on Temporal's time-skipping server with stand-in activities: the pdf is
// rendered on the documents queue, and a send that gives up is tracked as FAILED before the job fails.
import crypto from 'node:crypto';
import { WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { type TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker, type WorkflowBundle } from '@temporalio/worker';
import { createFakeJobActivities } from '../../fixtures/fake-job-activities';
import { bundleWorkflows, startTimeSkippingEnv } from '../../helpers/time-skipping';
import { TASK_QUEUES } from '../../../workflows/job-run/contract';
import {
  type DocumentEmailActivities,
  type DocumentEmailPayload,
  type DocumentPdfActivities,
} from '../../../workflows/invoicing/contract';

let env: TestWorkflowEnvironment;
let bundle: WorkflowBundle;
beforeAll(async () => {
  [env, bundle] = await Promise.all([
    startTimeSkippingEnv(),
    bundleWorkflows(require.resolve('../../../workflows/invoicing/document-email')),
  ]);
}, 120_000);
afterAll(async () => {
  await env?.teardown();
});

const payload: DocumentEmailPayload = {
  kind: 'invoice',
  documentId: crypto.randomUUID(),
  ownerId: crypto.randomUUID(),
  to: ['a@example.test', 'b@example.test'],
  attachPdf: true,
  requestKey: 'req-1',
};

async function run(send: DocumentEmailActivities['sendDocumentEmail']) {
  const jobs = createFakeJobActivities();
  const rendered: string[] = [];
  const failed: Parameters<DocumentEmailActivities['recordDocumentEmailFailed']>[0][] = [];
  const pdf: DocumentPdfActivities = {
    async renderDocumentPdf(p) {
      rendered.push(p.documentId);
      return { key: `pdfs/invoices/${p.ownerId}/${p.documentId}.pdf`, filename: 'facture.pdf' };
    },
    async renderDocumentDocx() {
      throw new Error('not used');
    },
    async renderEInvoice() {
      throw new Error('not used');
    },
  };
  const email: DocumentEmailActivities = {
    sendDocumentEmail: send,
    async recordDocumentEmailFailed(input) {
      failed.push(input);
    },
  };
  // The pdf activity is served only on the documents queue, as the real workers split them.
  const notifications = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUES.notifications,
    workflowBundle: bundle,
    activities: { ...jobs.activities, ...email },
  });
  const documents = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUES.documents,
    workflowBundle: bundle,
    activities: pdf,
  });
  const jobRunId = crypto.randomUUID();
  const handle = env.client.workflow.execute('documentEmailWorkflow', {
    taskQueue: TASK_QUEUES.notifications,
    workflowId: `unit:${jobRunId}`,
    args: [{ jobRunId, payload }],
  });
  const outcome = await documents.runUntil(notifications.runUntil(handle)).then(
    (result) => ({ result, error: undefined }),
    (error: unknown) => ({ result: undefined, error }),
  );
  return { ...outcome, rendered, failed, jobRunId, jobs };
}

describe('documentEmailWorkflow', () => {
  it('renders the pdf on the documents queue, then sends it', async () => {
    const sent: string[] = [];
    const { result, rendered, failed } = await run(async ({ pdf }) => {
      sent.push(pdf.key);
      return { to: payload.to, messageId: '<m@studio.local>', status: 'SENT' };
    });
    expect(result).toEqual({ to: payload.to, messageId: '<m@studio.local>', status: 'SENT' });
    expect(rendered).toEqual([payload.documentId]);
    expect(sent).toEqual([`pdfs/invoices/${payload.ownerId}/${payload.documentId}.pdf`]);
    expect(failed).toEqual([]);
  });

  it('records the failure for tracking and still fails the job when the send gives up', async () => {
    const { error, failed, jobRunId, jobs } = await run(async () => {
      throw ApplicationFailure.create({ type: 'not_found', message: 'Invoice not found', nonRetryable: true });
    });
    expect(error).toBeInstanceOf(WorkflowFailedError);
    expect(failed).toEqual([{ jobRunId, payload, error: 'Invoice not found' }]);
    expect(jobs.callsTo('failJobRun')).toEqual([{ jobRunId, error: 'Invoice not found' }]);
  });
});
