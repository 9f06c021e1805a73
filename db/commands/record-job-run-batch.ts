import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';

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
