import { type Client, type ScheduleOptions, ScheduleNotFoundError } from '@temporalio/client';
import { type ScheduleConfig, scheduleSpecOf } from '../../domain/workflow-triggers/schedule-config';
import { type LaunchJobInput } from '../../workflows/job-run/contract';
import { SCHEDULED_TRIGGER_JOB, triggerScheduleId } from '../../workflows/workflow-triggers/contract';

export interface TriggerScheduleSource {
  id: string;
  trigger_event: string;
  is_active: boolean;
  /** Checked by validateScheduleConfig when the trigger was saved. */
  schedule_config: Record<string, unknown> | null;
}

/**
 * The Temporal Schedule of a SCHEDULED trigger (`trigger:<id>`): each fire runs launchJobWorkflow,
 * which starts the `triggers.scheduled` job through startJob (its job_runs row, dead-letter queue
 * and re-run policy; the fire's workflow id is the key, so a retried fire is one firing).
 */
export function triggerScheduleOptions(trigger: TriggerScheduleSource): ScheduleOptions {
  const input: LaunchJobInput = { jobName: SCHEDULED_TRIGGER_JOB.jobName, payload: { triggerId: trigger.id } };
  return {
    scheduleId: triggerScheduleId(trigger.id),
    spec: scheduleSpecOf(trigger.schedule_config as unknown as ScheduleConfig),
    action: {
      type: 'startWorkflow',
      workflowType: 'launchJobWorkflow',
      taskQueue: SCHEDULED_TRIGGER_JOB.taskQueue,
      workflowId: `scheduled-trigger-fire:${trigger.id}`,
      args: [input],
    },
    state: { paused: !trigger.is_active, note: 'SCHEDULED workflow trigger (studio service)' },
  };
}

/**
 * Brings a trigger's schedule in step with its row: created or updated (spec, action, paused)
 * for a SCHEDULED trigger, deleted for one that no longer is. Idempotent.
 */
export async function syncTriggerSchedule(client: Client, trigger: TriggerScheduleSource): Promise<void> {
  if (trigger.trigger_event !== 'SCHEDULED') return deleteTriggerSchedule(client, trigger.id);
  const options = triggerScheduleOptions(trigger);
  const handle = client.schedule.getHandle(options.scheduleId);
  try {
    await handle.update((previous) => ({ ...previous, spec: options.spec, action: options.action }));
  } catch (err) {
    if (!(err instanceof ScheduleNotFoundError)) throw err;
    await client.schedule.create(options);
    return;
  }
  const { state } = await handle.describe();
  if (state.paused !== !trigger.is_active) {
    if (trigger.is_active) await handle.unpause('Trigger activated');
    else await handle.pause('Trigger deactivated');
  }
}

/** Deletes a trigger's schedule; one already gone (or never made) is fine. */
export async function deleteTriggerSchedule(client: Client, triggerId: string): Promise<void> {
  try {
    await client.schedule.getHandle(triggerScheduleId(triggerId)).delete();
  } catch (err) {
    if (!(err instanceof ScheduleNotFoundError)) throw err;
  }
}
