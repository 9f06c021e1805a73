import { type JobRunRow } from '../../db/rows';

/** A job run as ops see it. */
export function presentJobRun(run: JobRunRow) {
  return {
    id: run.id,
    job_name: run.job_name,
    status: run.status,
    attempt: run.attempt,
    entity_id: run.entity_id,
    org_id: run.org_id,
    payload: run.payload,
    result: run.result ?? null,
    workflow_id: run.workflow_id,
    run_id: run.run_id,
    request_id: run.request_id,
    started_at: run.started_at.toISOString(),
    finished_at: run.finished_at?.toISOString() ?? null,
    error: run.error,
    in_dlq: run.in_dlq,
    replayed_by: run.replayed_by,
    replay_of: run.replay_of,
    purged_at: run.purged_at?.toISOString() ?? null,
  };
}
