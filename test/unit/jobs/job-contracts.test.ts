import * as workflows from '../../../workflows';
import { JOB_CONTRACTS, SCHEDULED_WORKFLOWS, taskQueuesInUse } from '../../../workflows/contracts';
import { jobId, TASK_QUEUES } from '../../../workflows/job-run/contract';

describe('job contracts', () => {
  it('name only workflows that the worker bundle exports, on known task queues', () => {
    const exported = new Set(Object.keys(workflows));
    for (const contract of [...JOB_CONTRACTS, ...SCHEDULED_WORKFLOWS]) {
      expect(exported.has(contract.workflowType)).toBe(true);
      expect(Object.values(TASK_QUEUES)).toContain(contract.taskQueue);
    }
    expect(taskQueuesInUse()).toContain(TASK_QUEUES.maintenance);
  });

  it('have unique job names', () => {
    const names = JOB_CONTRACTS.map((c) => c.jobName);
    expect(new Set(names).size).toBe(names.length);
  });

  it('build ids from the business key that a key cannot bend into another id', () => {
    expect(jobId('export', 'user-1', 2026)).toBe('export:user-1:2026');
    // A key with a colon or spaces stays one part: it cannot forge `export:other-user`.
    expect(jobId('export', 'a:b c')).toBe('export:a_b_c');
  });
});
