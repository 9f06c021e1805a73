import { ValidationError } from '../../domain/errors';
import { type DomainEventType } from '../../domain/events/domain-event';
import { validateConditions } from '../../domain/workflow-triggers/conditions';
import { scheduledEntityType, validateScheduleConfig } from '../../domain/workflow-triggers/schedule-config';

export interface TriggerProps {
  name?: string;
  trigger_event?: DomainEventType;
  /** Checked against the event's entity (domain/workflow-triggers/conditions.ts). */
  conditions?: unknown;
  is_active?: boolean;
  execution_order?: number;
  schedule_config?: Record<string, unknown> | null;
  /** Accepted when it is the workflow the trigger belongs to. */
  workflow_id?: string;
}

/** The spec lists workflow_id in the body: it must be the workflow of the path. */
export function assertSameWorkflow(bodyAutomationId: string | undefined, automationId: string): void {
  if (bodyAutomationId && bodyAutomationId !== automationId)
    throw new ValidationError('workflow_id in the body must be the workflow of the path');
}

/**
 * A SCHEDULED trigger's schedule_config is checked (domain/workflow-triggers/schedule-config.ts)
 * and its conditions read the config's entity; other triggers keep schedule_config as given.
 */
export function checkedConditionsAndSchedule(
  event: DomainEventType,
  conditions: unknown,
  scheduleConfig: Record<string, unknown> | null,
) {
  if (event !== 'SCHEDULED')
    return { conditions: validateConditions(conditions, event), schedule_config: scheduleConfig };
  const config = validateScheduleConfig(scheduleConfig);
  return {
    conditions: validateConditions(conditions, event, scheduledEntityType(config)),
    schedule_config: config as unknown as Record<string, unknown>,
  };
}
