import { type Client } from '@temporalio/client';
import { Router } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { createTrigger, deleteTrigger, updateTrigger } from '../../lib/jobs/workflow-triggers';
import { findOwnedAutomation } from '../../db/queries/automations';
import { findTrigger, listTriggerExecutions, listTriggers } from '../../db/queries/workflow-triggers';
import { type createRouteKit } from '../http/route-kit';
import { presentExecution, presentTrigger } from './presenter';
import { CreateTriggerBody, ExecutionsQuery, TriggerParams, UpdateTriggerBody, WorkflowParams } from './schema';

/** /api/workflows/:workflowId/triggers: when a workflow runs (spec: Workflow triggers). No simulate endpoint. */
export function buildWorkflowTriggersRouter({
  sequelize,
  temporal,
  kit,
}: {
  sequelize: Sequelize;
  temporal: Client;
  kit: ReturnType<typeof createRouteKit>;
}): Router {
  const router = Router();
  const tag = 'workflow triggers';

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/workflows/:workflowId/triggers',
      operationId: 'listWorkflowTriggers',
      summary: "List a workflow's triggers, in execution order",
      tag,
      auth: 'user',
      params: WorkflowParams,
    },
    async ({ user, params }) => {
      await findOwnedAutomation(sequelize, params.workflowId, user.id);
      return (await listTriggers(sequelize, user.id, params.workflowId)).map(presentTrigger);
    },
  );

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/workflows/:workflowId/triggers',
      operationId: 'createWorkflowTrigger',
      errors: ['unavailable'],
      summary:
        "Create a trigger; conditions are checked against the event's entity (a SCHEDULED trigger's: schedule_config.entity), and a SCHEDULED trigger gets its Temporal Schedule",
      tag,
      auth: 'user',
      params: WorkflowParams,
      body: CreateTriggerBody,
      status: 201,
    },
    async ({ user, params, body }) => {
      await findOwnedAutomation(sequelize, params.workflowId, user.id);
      return presentTrigger(await createTrigger(sequelize, temporal, user.id, params.workflowId, body));
    },
  );

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/workflows/:workflowId/triggers/:id',
      operationId: 'getWorkflowTrigger',
      summary: 'Read a trigger',
      tag,
      auth: 'user',
      params: TriggerParams,
    },
    async ({ user, params }) => presentTrigger(await findTrigger(sequelize, user.id, params.workflowId, params.id)),
  );

  kit.route(
    router,
    {
      method: 'put',
      path: '/api/workflows/:workflowId/triggers/:id',
      operationId: 'updateWorkflowTrigger',
      errors: ['unavailable'],
      summary: 'Update a trigger (fields given are changed)',
      tag,
      auth: 'user',
      params: TriggerParams,
      body: UpdateTriggerBody,
    },
    async ({ user, params, body }) =>
      presentTrigger(await updateTrigger(sequelize, temporal, user.id, params.workflowId, params.id, body)),
  );

  kit.route(
    router,
    {
      method: 'delete',
      path: '/api/workflows/:workflowId/triggers/:id',
      operationId: 'deleteWorkflowTrigger',
      summary: 'Delete a trigger, its execution history and its Temporal Schedule',
      tag,
      auth: 'user',
      params: TriggerParams,
      status: 204,
    },
    async ({ user, params }) => {
      await deleteTrigger(sequelize, temporal, user.id, params.workflowId, params.id);
    },
  );

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/workflows/:workflowId/triggers/:id/executions',
      operationId: 'listWorkflowTriggerExecutions',
      summary: "A trigger's executions, newest first (limit: default 50, at most 200)",
      tag,
      auth: 'user',
      params: TriggerParams,
      query: ExecutionsQuery,
    },
    async ({ user, params, query }) => {
      const trigger = await findTrigger(sequelize, user.id, params.workflowId, params.id);
      return (await listTriggerExecutions(sequelize, trigger.id, query.limit)).map(presentExecution);
    },
  );

  return router;
}
