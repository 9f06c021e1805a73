import { type Client } from '@temporalio/client';
import { Router } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { copyWorkflow } from '../../db/commands/copy-workflow';
import { createWorkflow } from '../../db/commands/create-workflow';
import { updateWorkflow } from '../../db/commands/update-workflow';
import { deleteWorkflow } from '../../lib/jobs/workflow-triggers';
import { findOwnedWorkflow, listWorkflows, listWorkflowTemplates } from '../../db/queries/studio-workflows';
import { IdParams, PageQuery } from '../http/common-schemas';
import { type z } from 'zod';
import { type createRouteKit, type RouteContext } from '../http/route-kit';
import { presentWorkflow } from './presenter';
import { CopyWorkflowBody, CreateWorkflowBody, UpdateWorkflowBody } from './schema';

/** /api/workflows: the studio's workflows (a named list of tasks applied to a session), with their tasks. */
export function buildWorkflowsRouter({
  sequelize,
  temporal,
  kit,
}: {
  sequelize: Sequelize;
  temporal: Client;
  kit: ReturnType<typeof createRouteKit>;
}): Router {
  const router = Router();
  const tag = 'workflows';

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/workflows',
      operationId: 'listWorkflows',
      summary: "List the studio's workflows with their tasks",
      tag,
      auth: 'user',
      query: PageQuery,
    },
    async ({ user, query }) => {
      const page = await listWorkflows(sequelize, user.id, query);
      return { ...page, items: page.items.map(presentWorkflow) };
    },
  );

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/workflows',
      operationId: 'createWorkflow',
      summary: 'Create a workflow with its tasks',
      tag,
      auth: 'user',
      body: CreateWorkflowBody,
      status: 201,
    },
    async ({ user, body }) => presentWorkflow(await createWorkflow(sequelize, user.id, body)),
  );

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/workflows/templates',
      operationId: 'listWorkflowTemplates',
      summary: 'The system workflow templates a studio can copy',
      tag,
      auth: 'user',
    },
    async () => {
      const templates = await listWorkflowTemplates(sequelize);
      return { items: templates.map(presentWorkflow) };
    },
  );

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/workflows/copy',
      operationId: 'copyWorkflow',
      summary: 'Copy a system template (or one of your workflows) into a new workflow of yours',
      tag,
      auth: 'user',
      body: CopyWorkflowBody,
      status: 201,
    },
    async ({ user, body }) => presentWorkflow(await copyWorkflow(sequelize, user.id, body.template_id, body.name)),
  );

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/workflows/:id',
      operationId: 'getWorkflow',
      summary: 'Read a workflow with its tasks',
      tag,
      auth: 'user',
      params: IdParams,
    },
    async ({ user, params }) => presentWorkflow(await findOwnedWorkflow(sequelize, params.id, user.id)),
  );

  /** PUT and PATCH /api/workflows/:id (both change the fields given). */
  const update = async ({
    user,
    params,
    body,
  }: Pick<
    RouteContext<z.infer<typeof IdParams>, unknown, z.infer<typeof UpdateWorkflowBody>>,
    'user' | 'params' | 'body'
  >) => presentWorkflow(await updateWorkflow(sequelize, user.id, params.id, body));
  kit.route(
    router,
    {
      method: 'put',
      path: '/api/workflows/:id',
      operationId: 'updateWorkflow',
      summary: 'Update a workflow; tasks, when given, replace every task',
      tag,
      auth: 'user',
      params: IdParams,
      body: UpdateWorkflowBody,
    },
    update,
  );
  kit.route(
    router,
    {
      method: 'patch',
      path: '/api/workflows/:id',
      operationId: 'patchWorkflow',
      summary: 'Update a workflow; tasks, when given, replace every task',
      tag,
      auth: 'user',
      params: IdParams,
      body: UpdateWorkflowBody,
    },
    update,
  );

  kit.route(
    router,
    {
      method: 'delete',
      path: '/api/workflows/:id',
      operationId: 'deleteWorkflow',
      summary: 'Delete a workflow, its tasks and its triggers (and their schedules)',
      tag,
      auth: 'user',
      params: IdParams,
      status: 204,
    },
    async ({ user, params }) => {
      await deleteWorkflow(sequelize, temporal, user.id, params.id);
    },
  );

  return router;
}
