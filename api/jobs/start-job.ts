import { type Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { UniqueConstraintError } from 'sequelize';
import { JobRun } from '../../db/models/JobRun';
import { UnavailableError } from '../../domain/errors';
import { type JobInput } from '../../workflows/job-run/contract';

export interface StartJobProps {
  jobName: string;
  workflowType: string;
  taskQueue: string;
  /** Built from the business key by the capability's contract: a double submit finds the first run. */
  workflowId: string;
  payload: Record<string, unknown>;
  orgId?: string | null;
  userId?: string | null;
  entityId?: string | null;
  requestId?: string;
  replayOf?: string;
}

/**
 * The one way to start a job: writes its job_runs row (payload, workflow id, request id), then
 * starts the workflow with the row id in its input. Starting the same workflow id again returns
 * the existing run. When Temporal cannot be reached the row is FAILED in the dead-letter queue,
 * so the job can be replayed once Temporal is back.
 */
export async function startJob(client: Client, props: StartJobProps): Promise<JobRun> {
  let run: JobRun;
  try {
    run = await JobRun.create({
      job_name: props.jobName,
      status: 'RUNNING',
      attempt: 0,
      entity_id: props.entityId ?? null,
      org_id: props.orgId ?? null,
      user_id: props.userId ?? null,
      payload: props.payload,
      workflow_id: props.workflowId,
      task_queue: props.taskQueue,
      workflow_type: props.workflowType,
      request_id: props.requestId ?? null,
      started_at: new Date(),
      replay_of: props.replayOf ?? null,
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) return JobRun.findOne({ where: { workflow_id: props.workflowId }, rejectOnEmpty: true });
    throw err;
  }

  const input: JobInput = { jobRunId: run.id, requestId: props.requestId, payload: props.payload };
  try {
    const handle = await client.workflow.start(props.workflowType, {
      taskQueue: props.taskQueue,
      workflowId: props.workflowId,
      args: [input],
      memo: { jobRunId: run.id, requestId: props.requestId ?? null },
    });
    await run.update({ run_id: handle.firstExecutionRunId });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return run;
    await run.update({ status: 'FAILED', in_dlq: true, finished_at: new Date(), error: `Could not start the workflow: ${(err as Error).message}` });
    throw new UnavailableError('The job system is not available; the job was recorded and can be replayed');
  }
  return run;
}
