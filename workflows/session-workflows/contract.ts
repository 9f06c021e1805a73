import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';
import { type TaskTiming } from '../../domain/workflows/task-timing';
import { type WorkflowTaskType } from '../../domain/workflows/task-types';

/** A studio workflow applied to one of its sessions (started by a matching SESSION trigger). */
export interface SessionWorkflowPayload extends Record<string, unknown> {
  ownerId: string;
  sessionId: string;
  workflowId: string;
  /** The trigger that applied it, for the record. */
  triggerId?: string | null;
}

/**
 * One Temporal workflow per (session, workflow): a second trigger or a redelivered event that
 * applies the same workflow to the same session finds the run that is there.
 */
export const SESSION_WORKFLOW_JOB = defineJob<SessionWorkflowPayload, { sessionId: string; workflowId: string }>({
  jobName: 'sessions.workflow',
  taskQueue: TASK_QUEUES.automation,
  workflowType: 'sessionWorkflow',
  workflowId: ({ sessionId, workflowId }) => jobId('session-workflow', sessionId, workflowId),
  rerun: 'return-existing',
});

/** Signal name: the session's start date changed; its argument is the new date (ISO) or null. */
export const SESSION_RESCHEDULED_SIGNAL = 'sessionRescheduled';
export interface SessionRescheduled {
  startDate: string | null;
}

/** A task the session workflow still has to run, with what its due date is computed from. */
export interface PlannedTask {
  taskRunId: string;
  workflowTaskId: string;
  taskType: WorkflowTaskType;
  timing: TaskTiming;
  offsetMinutes: number;
}

export interface SessionWorkflowPlan {
  /** When the workflow was first applied to the session (epoch ms): AFTER_APPLIED offsets count from it. */
  appliedAt: number;
  /** The session's start (epoch ms), null when it has none. */
  sessionStart: number | null;
  /** Pending automatic tasks in display order; MANUAL tasks are to-dos with a due date, not run. */
  tasks: PlannedTask[];
}

export type TaskOutcome =
  | { status: 'COMPLETED' | 'FAILED' | 'SKIPPED'; error?: string }
  /** The session's start moved since the workflow last heard of it (a signal that never came): wait again. */
  | { status: 'RESCHEDULED'; sessionStart: number | null };

export interface SessionWorkflowSummary {
  completed: number;
  failed: number;
  skipped: number;
}

export interface SessionWorkflowActivities {
  applySessionWorkflow(input: {
    jobRunId: string;
    payload: SessionWorkflowPayload;
    appliedAt: number;
  }): Promise<SessionWorkflowPlan>;
  recordTaskSchedule(input: { schedule: { taskRunId: string; scheduledAt: number | null }[] }): Promise<void>;
  runWorkflowTask(input: {
    jobRunId: string;
    taskRunId: string;
    appliedAt: number;
    sessionStart: number | null;
  }): Promise<TaskOutcome>;
  failTaskRun(input: { taskRunId: string; error: string }): Promise<void>;
}

/** Failures of applySessionWorkflow no retry can fix: the session or the workflow is gone. */
export const SESSION_WORKFLOW_NON_RETRYABLE = ['not_found'] as const;
