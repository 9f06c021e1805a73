import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { createJobStarterActivities, type JobStarterDeps } from '../../../../activities/job-starters';
import { ConflictError } from '../../../../domain/errors';
import { FIXTURE_CONTRACTS, SWITCHED_JOB } from '../../../fixtures/job-contracts';

const env = (attempt: number) => new MockActivityEnvironment({ attempt }, { logger: new DefaultLogger('ERROR') });

/** startJob as the return-existing policy answers it: one run per workflow id, found again on a second start. */
function fakeStartJob() {
  const runs = new Map<string, { id: string }>();
  type StartJob = JobStarterDeps['startJob'];
  const startJob = jest.fn<ReturnType<StartJob>, Parameters<StartJob>>(async (contract, key) => {
    const workflowId = contract.workflowId(key);
    if (!runs.has(workflowId)) runs.set(workflowId, { id: `run-${runs.size + 1}` });
    return runs.get(workflowId)!;
  });
  return { startJob, runs };
}

const input = { jobName: 'test.switched', key: 'k1', payload: { switchName: 's' }, requestId: 'req-1' };

describe('startJobByName with fake deps', () => {
  it("starts the named contract's job with the request id and answers the job run id", async () => {
    const { startJob } = fakeStartJob();
    const activities = createJobStarterActivities({ startJob, contracts: FIXTURE_CONTRACTS });
    expect(await env(1).run(activities.startJobByName, input)).toBe('run-1');
    expect(startJob).toHaveBeenCalledWith(SWITCHED_JOB, 'k1', { switchName: 's' }, { requestId: 'req-1' });
  });

  it('refuses an unknown job name for good (unknown_job, non-retryable) and starts nothing', async () => {
    const { startJob } = fakeStartJob();
    const activities = createJobStarterActivities({ startJob, contracts: FIXTURE_CONTRACTS });
    const failure = await env(1)
      .run(activities.startJobByName, { ...input, jobName: 'no.such-job' })
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'unknown_job', nonRetryable: true });
    expect(startJob).not.toHaveBeenCalled();
  });

  it("lets startJob's refusal through as it is (a ConflictError of a 'refuse' contract)", async () => {
    const startJob = jest.fn(async () => {
      throw new ConflictError('job_already_started', 'A test.switched job for this key already exists');
    });
    const activities = createJobStarterActivities({ startJob, contracts: FIXTURE_CONTRACTS });
    await expect(env(1).run(activities.startJobByName, input)).rejects.toBeInstanceOf(ConflictError);
  });

  it('a retry (attempt 2) with the same key answers the run the first attempt started', async () => {
    const { startJob, runs } = fakeStartJob();
    const activities = createJobStarterActivities({ startJob, contracts: FIXTURE_CONTRACTS });
    const first = await env(1).run(activities.startJobByName, input);
    const retry = await env(2).run(activities.startJobByName, input);
    expect(retry).toBe(first);
    expect(runs.size).toBe(1);
  });
});
