import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { SESSION_RESCHEDULED_SIGNAL, SESSION_WORKFLOW_JOB, type SessionRescheduled } from '../workflows/session-workflows/contract';

/**
 * Delivers a SESSION_RESCHEDULED event: the new start date goes to every session workflow of the
 * session that still has tasks waiting. A workflow that has ended meanwhile is not an error.
 */
export async function signalRescheduledSession(
  { sequelize, temporal }: { sequelize: Sequelize; temporal: Client },
  event: { entity_id: string; payload: Record<string, unknown> },
  transaction: Transaction,
): Promise<void> {
  const workflows = await sequelize.query<{ workflow_id: string }>(
    `SELECT DISTINCT workflow_id FROM session_workflow_task_runs WHERE session_id = $1 AND status = 'PENDING'`,
    { bind: [event.entity_id], type: QueryTypes.SELECT, transaction },
  );
  const signal: SessionRescheduled = { startDate: typeof event.payload.start_date === 'string' ? event.payload.start_date : null };
  for (const { workflow_id: workflowId } of workflows) {
    try {
      await temporal.workflow.getHandle(SESSION_WORKFLOW_JOB.workflowId({ sessionId: event.entity_id, workflowId })).signal(SESSION_RESCHEDULED_SIGNAL, signal);
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) throw err;
    }
  }
}
