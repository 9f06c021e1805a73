import { type Client } from '@temporalio/client';
import { Router } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { copyAutomation } from '../../db/commands/copy-automation';
import { createAutomation } from '../../db/commands/create-automation';
import { updateAutomation } from '../../db/commands/update-automation';
import { deleteAutomation } from '../../lib/jobs/workflow-triggers';
import { findOwnedAutomation, listAutomations, listAutomationTemplates } from '../../db/queries/automations';
import { type IdBodyContext, IdParams, PageQuery } from '../http/common-schemas';
import { type z } from 'zod';
import { type createRouteKit, registerRoutes, routesFor } from '../http/route-kit';
import { presentAutomation } from './presenter';
import { CopyAutomationBody, CreateAutomationBody, UpdateAutomationBody } from './schema';

type AutomationsRouterDeps = {
  sequelize: Sequelize;
  temporal: Client;
  kit: ReturnType<typeof createRouteKit>;
};
const tag = 'workflows';
const route = routesFor<AutomationsRouterDeps, AutomationsRouterDeps>();

/** PUT and PATCH /api/workflows/:id (both change the fields given). */
const update =
  ({ sequelize }: AutomationsRouterDeps) =>
  async ({ user, params, body }: IdBodyContext<z.infer<typeof UpdateAutomationBody>>) =>
    presentAutomation(await updateAutomation(sequelize, user.orgId, params.id, body));

/** Every route of buildAutomationsRouter, in the document's order. */
const AUTOMATIONS_ROUTES = [
  route(
    {
      method: 'get',
      path: '/api/workflows',
      operationId: 'listWorkflows',
      summary: "List the studio's workflows with their tasks",
      tag,
      auth: 'user',
      query: PageQuery,
    },
    ({ sequelize }) =>
      async ({ user, query }) => {
        const page = await listAutomations(sequelize, user.orgId, query);
        return { ...page, items: page.items.map(presentAutomation) };
      },
  ),

  route(
    {
      method: 'post',
      path: '/api/workflows',
      operationId: 'createWorkflow',
      summary: 'Create a workflow with its tasks',
      tag,
      auth: 'user',
      body: CreateAutomationBody,
      status: 201,
    },
    ({ sequelize }) =>
      async ({ user, body }) =>
        presentAutomation(await createAutomation(sequelize, user.orgId, body)),
  ),

  route(
    {
      method: 'get',
      path: '/api/workflows/templates',
      operationId: 'listWorkflowTemplates',
      summary: 'The system workflow templates a studio can copy',
      tag,
      auth: 'user',
    },
    ({ sequelize }) =>
      async () => {
        const templates = await listAutomationTemplates(sequelize);
        return { items: templates.map(presentAutomation) };
      },
  ),

  route(
    {
      method: 'post',
      path: '/api/workflows/copy',
      operationId: 'copyWorkflow',
      summary: 'Copy a system template (or one of your workflows) into a new workflow of yours',
      tag,
      auth: 'user',
      body: CopyAutomationBody,
      status: 201,
    },
    ({ sequelize }) =>
      async ({ user, body }) =>
        presentAutomation(await copyAutomation(sequelize, user.orgId, body.template_id, body.name)),
  ),

  route(
    {
      method: 'get',
      path: '/api/workflows/:id',
      operationId: 'getWorkflow',
      summary: 'Read a workflow with its tasks',
      tag,
      auth: 'user',
      params: IdParams,
    },
    ({ sequelize }) =>
      async ({ user, params }) =>
        presentAutomation(await findOwnedAutomation(sequelize, params.id, user.orgId)),
  ),

  route(
    {
      method: 'put',
      path: '/api/workflows/:id',
      operationId: 'updateWorkflow',
      errors: ['workflow_task_in_use'],
      summary: 'Update a workflow; tasks, when given, replace every task',
      tag,
      auth: 'user',
      params: IdParams,
      body: UpdateAutomationBody,
    },
    update,
  ),
  route(
    {
      method: 'patch',
      path: '/api/workflows/:id',
      operationId: 'patchWorkflow',
      errors: ['workflow_task_in_use'],
      summary: 'Update a workflow; tasks, when given, replace every task',
      tag,
      auth: 'user',
      params: IdParams,
      body: UpdateAutomationBody,
    },
    update,
  ),

  route(
    {
      method: 'delete',
      path: '/api/workflows/:id',
      operationId: 'deleteWorkflow',
      errors: ['workflow_task_in_use'],
      summary: 'Delete a workflow, its tasks and its triggers (and their schedules)',
      tag,
      auth: 'user',
      params: IdParams,
      status: 204,
    },
    ({ sequelize, temporal }) =>
      async ({ user, params }) => {
        await deleteAutomation(sequelize, temporal, user.orgId, params.id);
      },
  ),
];

/** PUT and PATCH /api/workflows/:id (both change the fields given). */ export function buildAutomationsRouter(
  deps: AutomationsRouterDeps,
): Router {
  return registerRoutes(Router(), deps.kit, AUTOMATIONS_ROUTES, deps, deps);
}
