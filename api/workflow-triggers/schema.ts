import { z } from 'zod';
import { DOMAIN_EVENT_TYPES } from '../../domain/events/domain-event';

/** The spec's field is trigger_event; a body using the old name is told so instead of ignored. */
const refuseTriggerType = (body: Record<string, unknown>, ctx: z.RefinementCtx) => {
  if ('trigger_type' in body)
    ctx.addIssue({ code: 'custom', path: ['trigger_type'], message: 'trigger_type is not a field: use trigger_event' });
};

const fields = {
  name: z.string().trim().min(1).max(255),
  trigger_event: z.enum(DOMAIN_EVENT_TYPES),
  /** Checked against the event's entity by domain/workflow-triggers/conditions.ts. */
  conditions: z.unknown().optional(),
  is_active: z.boolean().default(true),
  execution_order: z.number().int().min(0).max(10_000).default(0),
  schedule_config: z.record(z.string(), z.unknown()).nullable().optional(),
  /** Accepted when it matches the path's workflow (the spec lists it in the body). */
  workflow_id: z.uuid().optional(),
};

export const CreateTriggerBody = z.looseObject(fields).superRefine(refuseTriggerType);
export type CreateTriggerBody = z.infer<typeof CreateTriggerBody>;
export const UpdateTriggerBody = z
  .looseObject({
    ...fields,
    trigger_event: fields.trigger_event.optional(),
    is_active: z.boolean().optional(),
    execution_order: fields.execution_order.unwrap().optional(),
    name: fields.name.optional(),
  })
  .superRefine(refuseTriggerType);
export type UpdateTriggerBody = z.infer<typeof UpdateTriggerBody>;

export const WorkflowParams = z.object({ workflowId: z.uuid() });
export const TriggerParams = z.object({ workflowId: z.uuid(), id: z.uuid() });
export const ExecutionsQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
