import { Router } from 'express';
import { createSession } from '../../db/commands/create-session';
import { deleteSession } from '../../db/commands/delete-session';
import { updateSession } from '../../db/commands/update-session';
import { findSession, listSessionsJson } from '../../db/queries/sessions';
import { JsonText } from '../http/json-text';
import { type IdBodyContext, IdParams } from '../http/common-schemas';
import { type z } from 'zod';
import { type DataRouterDeps, type RouteContext, registerRoutes, routesFor } from '../http/route-kit';
import { presentSession } from './presenter';
import { CreateSessionBody, SessionListQuery, SessionPage, SessionView, UpdateSessionBody } from './schema';

const tag = 'sessions';
const route = routesFor<DataRouterDeps, DataRouterDeps>();

/** PUT and PATCH /api/sessions/:id (both change the fields given). */
const update =
  ({ sequelize }: DataRouterDeps) =>
  async ({
    user,
    params,
    body,
    req,
  }: IdBodyContext<z.infer<typeof UpdateSessionBody>> & Pick<RouteContext<IdParams, unknown, unknown>, 'req'>) =>
    presentSession(await updateSession(sequelize, user.orgId, params.id, body, req.requestId));

/** Every route of buildSessionsRouter, in the document's order. */
const SESSIONS_ROUTES = [
  route(
    {
      method: 'get',
      path: '/api/sessions',
      operationId: 'listSessions',
      summary: 'List sessions',
      tag,
      auth: 'user',
      query: SessionListQuery,
      response: SessionPage,
    },
    ({ sequelize }) =>
      async ({ user, query }) => {
        // Written by PostgreSQL as presentSession would write each one (test/integration/contacts/list-pages-from-the-database.test.ts).
        return new JsonText(await listSessionsJson(sequelize, user.orgId, query));
      },
  ),

  route(
    {
      method: 'post',
      path: '/api/sessions',
      operationId: 'createSession',
      errors: ['contact_erased'],
      summary: 'Create a session',
      tag,
      auth: 'user',
      body: CreateSessionBody,
      response: SessionView,
      status: 201,
    },
    ({ sequelize }) =>
      async ({ user, body, req }) =>
        presentSession(await createSession(sequelize, user.orgId, body, req.requestId)),
  ),

  route(
    {
      method: 'get',
      path: '/api/sessions/:id',
      operationId: 'getSession',
      summary: 'Read a session',
      tag,
      auth: 'user',
      params: IdParams,
      response: SessionView,
    },
    ({ sequelize }) =>
      async ({ user, params }) =>
        presentSession(await findSession(sequelize, user.orgId, params.id)),
  ),

  route(
    {
      method: 'put',
      path: '/api/sessions/:id',
      operationId: 'updateSession',
      errors: ['contact_erased'],
      summary: 'Update a session (fields given are changed)',
      tag,
      auth: 'user',
      params: IdParams,
      body: UpdateSessionBody,
      response: SessionView,
    },
    update,
  ),
  route(
    {
      method: 'patch',
      path: '/api/sessions/:id',
      operationId: 'patchSession',
      errors: ['contact_erased'],
      summary: 'Update a session (fields given are changed)',
      tag,
      auth: 'user',
      params: IdParams,
      body: UpdateSessionBody,
      response: SessionView,
    },
    update,
  ),

  route(
    {
      method: 'delete',
      path: '/api/sessions/:id',
      operationId: 'deleteSession',
      summary: 'Delete a session',
      tag,
      auth: 'user',
      params: IdParams,
      status: 204,
    },
    ({ sequelize }) =>
      async ({ user, params }) => {
        await deleteSession(sequelize, user.orgId, params.id);
      },
  ),
];

/** PUT and PATCH /api/sessions/:id (both change the fields given). */ export function buildSessionsRouter(
  deps: DataRouterDeps,
): Router {
  return registerRoutes(Router(), deps.kit, SESSIONS_ROUTES, deps, deps);
}
