import { type Client } from '@temporalio/client';
import { Router } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { createTrigger, deleteTrigger, updateTrigger } from '../../lib/jobs/workflow-triggers';
import { findOwnedAutomation } from '../../db/queries/automations';
import { findTrigger, listTriggerExecutions, listTriggers } from '../../db/queries/workflow-triggers';
import { type createRouteKit, registerRoutes, routesFor } from '../http/route-kit';
import { presentExecution, presentTrigger } from './presenter';
import { CreateTriggerBody, ExecutionsQuery, TriggerParams, UpdateTriggerBody, WorkflowParams } from './schema';

type WorkflowTriggersRouterDeps = {
  sequelize: Sequelize;
  temporal: Client;
  kit: ReturnType<typeof createRouteKit>;
};
const tag = 'workflow triggers';
const route = routesFor<WorkflowTriggersRouterDeps, WorkflowTriggersRouterDeps>();

/** Every route of buildWorkflowTriggersRouter, in the document's order. */
const WORKFLOW_TRIGGERS_ROUTES = [
  route(
    {
      method: 'get',
      path: '/api/workflows/:workflowId/triggers',
      operationId: 'listWorkflowTriggers',
      summary: "List a workflow's triggers, in execution order",
      tag,
      auth: 'user',
      params: WorkflowParams,
    },
    ({ sequelize }) =>
      async ({ user, params }) => {
        await findOwnedAutomation(sequelize, params.workflowId, user.orgId);
        return (await listTriggers(sequelize, user.orgId, params.workflowId)).map(presentTrigger);
      },
  ),

  route(
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
    ({ sequelize, temporal }) =>
      async ({ user, params, body }) => {
        await findOwnedAutomation(sequelize, params.workflowId, user.orgId);
        return presentTrigger(await createTrigger(sequelize, temporal, user.orgId, params.workflowId, body));
      },
  ),

  route(
    {
      method: 'get',
      path: '/api/workflows/:workflowId/triggers/:id',
      operationId: 'getWorkflowTrigger',
      summary: 'Read a trigger',
      tag,
      auth: 'user',
      params: TriggerParams,
    },
    ({ sequelize }) =>
      async ({ user, params }) =>
        presentTrigger(await findTrigger(sequelize, user.orgId, params.workflowId, params.id)),
  ),

  route(
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
    ({ sequelize, temporal }) =>
      async ({ user, params, body }) =>
        presentTrigger(await updateTrigger(sequelize, temporal, user.orgId, params.workflowId, params.id, body)),
  ),

  route(
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
    ({ sequelize, temporal }) =>
      async ({ user, params }) => {
        await deleteTrigger(sequelize, temporal, user.orgId, params.workflowId, params.id);
      },
  ),

  route(
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
    ({ sequelize }) =>
      async ({ user, params, query }) => {
        const trigger = await findTrigger(sequelize, user.orgId, params.workflowId, params.id);
        return (await listTriggerExecutions(sequelize, trigger.id, query.limit)).map(presentExecution);
      },
  ),
];

/** /api/workflows/:workflowId/triggers: when a workflow runs (spec: Workflow triggers). No simulate endpoint. */
export function buildWorkflowTriggersRouter(deps: WorkflowTriggersRouterDeps): Router {
  return registerRoutes(Router(), deps.kit, WORKFLOW_TRIGGERS_ROUTES, deps, deps);
}
