import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { JobRun } from '../models/JobRun';
import { type JobRunRow } from '../rows';

/** Who and what a job run is about: kept on its job_runs row for ops, metrics and replay. */
export interface JobMeta {
  orgId?: string | null;
  userId?: string | null;
  entityId?: string | null;
  /** The request (or schedule fire, or event) that caused the job: the correlation id. */
  requestId?: string;
}

/** The columns a job run is written with; replay builds one from the run it replays. */
export interface JobRunDraft extends JobMeta {
  jobName: string;
  workflowType: string;
  taskQueue: string;
  workflowId: string;
  payload: Record<string, unknown>;
  replayOf?: string;
}

/** Writes a RUNNING job_runs row (inside `transaction` when given); the workflow is not started yet. */
export function recordJobRun(_sequelize: Sequelize, draft: JobRunDraft, transaction?: Transaction): Promise<JobRunRow> {
  return JobRun.create(
    {
      job_name: draft.jobName,
      status: 'RUNNING',
      attempt: 0,
      entity_id: draft.entityId ?? null,
      org_id: draft.orgId ?? null,
      user_id: draft.userId ?? null,
      payload: draft.payload,
      workflow_id: draft.workflowId,
      task_queue: draft.taskQueue,
      workflow_type: draft.workflowType,
      request_id: draft.requestId ?? null,
      started_at: new Date(),
      replay_of: draft.replayOf ?? null,
    },
    { transaction },
  );
}
