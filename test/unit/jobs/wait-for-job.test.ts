import {
  ApplicationFailure,
  type Client,
  ServiceError,
  WorkflowFailedError,
  WorkflowNotFoundError,
} from '@temporalio/client';
import { DomainError, NotFoundError } from '../../../domain/errors';
import { waitForJob } from '../../../lib/jobs/wait-for-job';

const job = { id: 'run-1', workflow_id: 'export:owner-1:abc' };

/**
 * A Temporal client whose one workflow ends as `result` does (or never, if it is left pending);
 * `signals` holds the abort signal each wait ran its calls under.
 */
function temporalWith(result: Promise<unknown>): { client: Client; asked: string[]; signals: AbortSignal[] } {
  const asked: string[] = [];
  const signals: AbortSignal[] = [];
  const client = {
    workflow: {
      getHandle: (workflowId: string) => {
        asked.push(workflowId);
        return { result: () => result };
      },
    },
    withAbortSignal: <R>(signal: AbortSignal, fn: () => Promise<R>) => {
      signals.push(signal);
      return underSignal(signal, fn);
    },
  } as unknown as Client;
  return { client, asked, signals };
}

/** A workflow failure as Temporal reports one: the job's failure wrapping the activity's, typed by its code. */
function failedWith(type: string, message: string, details?: unknown): Promise<never> {
  const cause = ApplicationFailure.create({ type, message, nonRetryable: true, details: details ? [details] : [] });
  const wrapper = ApplicationFailure.create({ type: 'job_failed', message: 'Activity task failed', cause });
  return Promise.reject(new WorkflowFailedError('Workflow execution failed', wrapper, 'NON_RETRYABLE_FAILURE'));
}

const never = new Promise<never>(() => undefined);

/** Temporal's `withAbortSignal`, for a client written out in a test: runs the calls. */
const underSignal = <R>(_signal: AbortSignal, fn: () => Promise<R>) => fn();

describe('waitForJob: the one way a route waits for a job', () => {
  it("answers the workflow's result when it ends before the deadline", async () => {
    const { client, asked } = temporalWith(Promise.resolve({ key: 'temp/a.csv' }));
    await expect(waitForJob(client, job, { seconds: 5, what: 'export' })).resolves.toEqual({ key: 'temp/a.csv' });
    expect(asked).toEqual([job.workflow_id]);
  });

  it('answers a 503 naming the job to ask again for once the deadline passes, by default, and stops asking Temporal', async () => {
    const { client, signals } = temporalWith(never);
    const late = waitForJob(client, job, { seconds: 0.05, what: 'pdf' });
    await expect(late).rejects.toMatchObject({ code: 'unavailable', message: expect.stringContaining('run-1') });
    expect(signals.map((s) => s.aborted)).toEqual([true]);
  });

  it('leaves a wait that ended in time uncancelled', async () => {
    const { client, signals } = temporalWith(Promise.resolve('done'));
    await waitForJob(client, job, { seconds: 5, what: 'pdf' });
    expect(signals.map((s) => s.aborted)).toEqual([false]);
  });

  it("answers the route's own late error, given the job, when it has one", async () => {
    const { client } = temporalWith(never);
    const late = waitForJob(client, job, {
      seconds: 0.05,
      what: 'import',
      late: (j) => new DomainError('import_timeout', 'still running', { jobRunId: j.id }),
    });
    await expect(late).rejects.toMatchObject({ code: 'import_timeout', details: { jobRunId: 'run-1' } });
  });

  it("answers a failed job with its innermost reason, in the route's words or the default 503", async () => {
    const reason = 'The template has no columns';
    await expect(
      waitForJob(temporalWith(failedWith('render_failed', reason)).client, job, { seconds: 5, what: 'pdf' }),
    ).rejects.toMatchObject({ code: 'unavailable', message: `The pdf could not be made: ${reason}` });
    await expect(
      waitForJob(temporalWith(failedWith('render_failed', reason)).client, job, {
        seconds: 5,
        what: 'export',
        failed: (why, j) => new DomainError('export_failed', `The export failed: ${why}`, { jobRunId: j.id }),
      }),
    ).rejects.toMatchObject({
      code: 'export_failed',
      message: `The export failed: ${reason}`,
      details: { jobRunId: 'run-1' },
    });
  });

  it("answers a job whose subject was deleted meanwhile as the subject's 404, only when the route says what it is", async () => {
    const gone = () => temporalWith(failedWith('not_found', 'Session not found')).client;
    await expect(waitForJob(gone(), job, { seconds: 5, what: 'roadmap', gone: 'session' })).rejects.toEqual(
      new NotFoundError('Session'),
    );
    await expect(waitForJob(gone(), job, { seconds: 5, what: 'roadmap' })).rejects.toMatchObject({
      code: 'unavailable',
    });
  });

  it('answers a worker without Chromium as pdf_renderer_unavailable with the path it tried', async () => {
    const client = temporalWith(
      failedWith('pdf_renderer_unavailable', 'no chromium', { executablePath: '/opt/none' }),
    ).client;
    await expect(waitForJob(client, job, { seconds: 5, what: 'pdf' })).rejects.toMatchObject({
      code: 'pdf_renderer_unavailable',
      details: { executablePath: '/opt/none' },
    });
  });

  it('lets an error that is not a job failure through unchanged (Temporal unreachable)', async () => {
    const down = new Error('connect ECONNREFUSED 127.0.0.1:7233');
    const { client } = temporalWith(Promise.reject(down));
    await expect(waitForJob(client, job, { seconds: 5, what: 'export' })).rejects.toBe(down);
  });

  it('waits out a workflow another caller recorded but has not started yet, then answers its result', async () => {
    // The first asks find no workflow (the other caller's start is on its way), then it is there.
    let asks = 0;
    const client = {
      workflow: {
        getHandle: (workflowId: string) => ({
          result: () =>
            ++asks < 3
              ? Promise.reject(new WorkflowNotFoundError('not found', workflowId, undefined))
              : Promise.resolve({ key: 'pdfs/invoices/1.pdf' }),
        }),
      },
      withAbortSignal: underSignal,
    } as unknown as Client;
    await expect(waitForJob(client, job, { seconds: 5, what: 'pdf' })).resolves.toEqual({ key: 'pdfs/invoices/1.pdf' });
    expect(asks).toBe(3);
  });

  it('answers a 503 when the workflow never appears before the deadline, or Temporal does not answer', async () => {
    const missing = {
      workflow: {
        getHandle: (workflowId: string) => ({
          result: () => Promise.reject(new WorkflowNotFoundError('not found', workflowId, undefined)),
        }),
      },
      withAbortSignal: underSignal,
    } as unknown as Client;
    await expect(waitForJob(missing, job, { seconds: 0.3, what: 'pdf' })).rejects.toMatchObject({
      code: 'unavailable',
    });
    const silent = temporalWith(Promise.reject(new ServiceError('deadline exceeded'))).client;
    await expect(waitForJob(silent, job, { seconds: 5, what: 'pdf' })).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringContaining('run-1'),
    });
  });
});
