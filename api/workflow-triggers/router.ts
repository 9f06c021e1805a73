import { Router } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { findOwnedWorkflow } from '../../db/commands/workflows';
import { WorkflowTrigger } from '../../db/models/WorkflowTrigger';
import { WorkflowTriggerExecution } from '../../db/models/WorkflowTriggerExecution';
import { NotFoundError, ValidationError } from '../../domain/errors';
import { validateConditions } from '../../domain/workflow-triggers/conditions';
import { type createRouteKit } from '../http/route-kit';
import { presentExecution, presentTrigger } from './presenter';
import { CreateTriggerBody, ExecutionsQuery, TriggerParams, UpdateTriggerBody, WorkflowParams } from './schema';

async function findTrigger(workflowId: string, id: string, ownerId: string): Promise<WorkflowTrigger> {
  const trigger = await WorkflowTrigger.findOne({ where: { id, workflow_id: workflowId, owner_id: ownerId } });
  if (!trigger) throw new NotFoundError('Trigger');
  return trigger;
}

function assertSameWorkflow(bodyWorkflowId: string | undefined, workflowId: string) {
  if (bodyWorkflowId && bodyWorkflowId !== workflowId) throw new ValidationError('workflow_id in the body must be the workflow of the path');
}

/** /api/workflows/:workflowId/triggers: when a workflow runs (spec: Workflow triggers). No simulate endpoint. */
export function buildWorkflowTriggersRouter({ sequelize, kit }: { sequelize: Sequelize; kit: ReturnType<typeof createRouteKit> }): Router {
  const router = Router();
  const tag = 'workflow triggers';
  const base = '/api/workflows/:workflowId/triggers';

  kit.route(router, { method: 'get', path: base, summary: "List a workflow's triggers, in execution order", tag, auth: 'user', params: WorkflowParams }, async ({ user, params }) => {
    await findOwnedWorkflow(params.workflowId, user.id);
    const triggers = await WorkflowTrigger.findAll({ where: { workflow_id: params.workflowId, owner_id: user.id }, order: [['execution_order', 'ASC'], ['created_at', 'ASC'], ['id', 'ASC']] });
    return triggers.map(presentTrigger);
  });

  kit.route(router, { method: 'post', path: base, summary: 'Create a trigger; conditions are checked against the event\'s entity', tag, auth: 'user', params: WorkflowParams, body: CreateTriggerBody, status: 201 }, async ({ user, params, body }) => {
    await findOwnedWorkflow(params.workflowId, user.id);
    assertSameWorkflow(body.workflow_id, params.workflowId);
    const trigger = await WorkflowTrigger.create({
      workflow_id: params.workflowId,
      owner_id: user.id,
      name: body.name,
      trigger_event: body.trigger_event,
      conditions: validateConditions(body.conditions, body.trigger_event),
      is_active: body.is_active,
      execution_order: body.execution_order,
      schedule_config: body.schedule_config ?? null,
    });
    return presentTrigger(trigger);
  });

  kit.route(router, { method: 'get', path: `${base}/:id`, summary: 'Read a trigger', tag, auth: 'user', params: TriggerParams }, async ({ user, params }) =>
    presentTrigger(await findTrigger(params.workflowId, params.id, user.id)),
  );

  kit.route(router, { method: 'put', path: `${base}/:id`, summary: 'Update a trigger (fields given are changed)', tag, auth: 'user', params: TriggerParams, body: UpdateTriggerBody }, async ({ user, params, body }) =>
    sequelize.transaction(async (transaction) => {
      const trigger = await WorkflowTrigger.findOne({ where: { id: params.id, workflow_id: params.workflowId, owner_id: user.id }, transaction, lock: true });
      if (!trigger) throw new NotFoundError('Trigger');
      assertSameWorkflow(body.workflow_id, params.workflowId);
      const event = body.trigger_event ?? trigger.trigger_event;
      // A new event changes the entity: the stored conditions are checked again against it.
      const conditions = body.conditions !== undefined || body.trigger_event ? validateConditions(body.conditions !== undefined ? body.conditions : trigger.conditions, event) : trigger.conditions;
      trigger.set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        trigger_event: event,
        conditions,
        ...(body.is_active !== undefined ? { is_active: body.is_active } : {}),
        ...(body.execution_order !== undefined ? { execution_order: body.execution_order } : {}),
        ...(body.schedule_config !== undefined ? { schedule_config: body.schedule_config } : {}),
      });
      return presentTrigger(await trigger.save({ transaction }));
    }),
  );

  kit.route(router, { method: 'delete', path: `${base}/:id`, summary: 'Delete a trigger and its execution history', tag, auth: 'user', params: TriggerParams, status: 204 }, async ({ user, params }) => {
    await (await findTrigger(params.workflowId, params.id, user.id)).destroy();
  });

  kit.route(router, { method: 'get', path: `${base}/:id/executions`, summary: "A trigger's executions, newest first (limit: default 50, at most 200)", tag, auth: 'user', params: TriggerParams, query: ExecutionsQuery }, async ({ user, params, query }) => {
    const trigger = await findTrigger(params.workflowId, params.id, user.id);
    const executions = await WorkflowTriggerExecution.findAll({ where: { trigger_id: trigger.id }, order: [['created_at', 'DESC'], ['id', 'DESC']], limit: query.limit });
    return executions.map(presentExecution);
  });

  return router;
}
