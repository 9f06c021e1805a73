import { QueryTypes, type Transaction, UniqueConstraintError } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { ConflictError, NotFoundError } from '../../domain/errors';
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

/**
 * recordJobRun, or null when a run with that workflow id is already recorded (the unique
 * workflow_id): the caller applies its contract's re-run policy.
 */
export async function recordJobRunOnce(sequelize: Sequelize, draft: JobRunDraft): Promise<JobRunRow | null> {
  try {
    return await recordJobRun(sequelize, draft);
  } catch (err) {
    if (err instanceof UniqueConstraintError) return null;
    throw err;
  }
}

/** Writes the Temporal run id of a started job run; answers the row as it now is. */
export async function setJobRunRunId(_sequelize: Sequelize, id: string, runId: string): Promise<JobRunRow> {
  const [, [row]] = await JobRun.update({ run_id: runId }, { where: { id }, returning: true });
  return row;
}

/** A run whose workflow could not be started: FAILED, in the dead-letter queue; answers the row as it now is. */
export async function deadLetterJobRun(_sequelize: Sequelize, id: string, error: string): Promise<JobRunRow> {
  const [, [row]] = await JobRun.update(
    { status: 'FAILED', in_dlq: true, finished_at: new Date(), error },
    { where: { id }, returning: true },
  );
  return row;
}

/**
 * In one transaction, the failed run is locked, taken out of the dead-letter queue and linked to
 * a new RUNNING run with the same payload under `replayWorkflowId(original)`. Two concurrent
 * replays of one run record one replay: the second waits on the lock, then finds the run no
 * longer in the queue (409 job_not_replayable). 404 when there is no such run.
 */
export function recordJobReplay(
  sequelize: Sequelize,
  jobRunId: string,
  replayWorkflowId: (workflowId: string) => string,
  requestId?: string,
): Promise<{ original: JobRunRow; replay: JobRunRow }> {
  return sequelize.transaction(async (transaction) => {
    const original = await JobRun.findByPk(jobRunId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!original) throw new NotFoundError('Job run');
    if (original.status !== 'FAILED' || !original.in_dlq) {
      throw new ConflictError('job_not_replayable', 'Only a FAILED job in the dead-letter queue can be replayed');
    }
    const replay = await recordJobRun(
      sequelize,
      {
        jobName: original.job_name,
        workflowType: original.workflow_type,
        taskQueue: original.task_queue,
        workflowId: replayWorkflowId(original.workflow_id),
        payload: original.payload,
        orgId: original.org_id,
        userId: original.user_id,
        entityId: original.entity_id,
        requestId,
        replayOf: original.id,
      },
      transaction,
    );
    await original.update({ in_dlq: false, replayed_by: replay.id }, { transaction });
    return { original, replay };
  });
}

/** One row of a batch of job runs (startJobs): the columns that differ from job to job. */
export interface JobRunBatchDraft {
  workflow_id: string;
  payload: Record<string, unknown>;
  entity_id: string | null;
  org_id: string | null;
  user_id: string | null;
  request_id: string | null;
}

/**
 * Records RUNNING job runs of one job in one INSERT; a workflow id already recorded keeps its run.
 * Answers the ids of the fresh rows and of the existing ones, by workflow id.
 */
export async function recordJobRunBatch(
  sequelize: Sequelize,
  job: { jobName: string; taskQueue: string; workflowType: string },
  drafts: readonly JobRunBatchDraft[],
): Promise<{ fresh: Map<string, string>; known: Map<string, string> }> {
  const inserted = await sequelize.query<{ id: string; workflow_id: string }>(
    `INSERT INTO job_runs (job_name, status, attempt, entity_id, org_id, user_id, payload, workflow_id, task_queue, workflow_type, request_id, started_at)
     SELECT $2, 'RUNNING', 0, d.entity_id, d.org_id, d.user_id, d.payload, d.workflow_id, $3, $4, d.request_id, now()
       FROM jsonb_to_recordset($1::jsonb) AS d(workflow_id varchar(255), payload jsonb, entity_id varchar(100), org_id uuid, user_id uuid, request_id varchar(200))
     ON CONFLICT (workflow_id) DO NOTHING
     RETURNING id, workflow_id`,
    { bind: [JSON.stringify(drafts), job.jobName, job.taskQueue, job.workflowType], type: QueryTypes.SELECT },
  );
  const fresh = new Map(inserted.map((row) => [row.workflow_id, row.id]));
  const existing = await sequelize.query<{ id: string; workflow_id: string }>(
    'SELECT id, workflow_id FROM job_runs WHERE workflow_id = ANY($1::varchar[])',
    {
      bind: [drafts.filter((d) => !fresh.has(d.workflow_id)).map((d) => d.workflow_id)],
      type: QueryTypes.SELECT,
    },
  );
  return { fresh, known: new Map(existing.map((row) => [row.workflow_id, row.id])) };
}

/**
 * Settles a batch after its starts: writes the run ids of the started runs, dead-letters the
 * runs Temporal refused (if still RUNNING), and removes the runs never tried (RUNNING, no run id).
 */
export async function settleJobRunBatch(
  sequelize: Sequelize,
  outcome: { runIds: { id: string; run_id: string }[]; failures: { id: string; error: string }[]; untried: string[] },
): Promise<void> {
  const { runIds, failures, untried } = outcome;
  if (runIds.length) {
    await sequelize.query(
      'UPDATE job_runs j SET run_id = r.run_id, updated_at = now() FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, run_id varchar(100)) WHERE j.id = r.id',
      { bind: [JSON.stringify(runIds)] },
    );
  }
  if (failures.length) {
    await sequelize.query(
      `UPDATE job_runs j SET status = 'FAILED', in_dlq = true, finished_at = now(), error = f.error, updated_at = now()
         FROM jsonb_to_recordset($1::jsonb) AS f(id uuid, error text) WHERE j.id = f.id AND j.status = 'RUNNING'`,
      { bind: [JSON.stringify(failures)] },
    );
  }
  if (untried.length)
    await sequelize.query("DELETE FROM job_runs WHERE id = ANY($1::uuid[]) AND status = 'RUNNING' AND run_id IS NULL", {
      bind: [untried],
    });
}
