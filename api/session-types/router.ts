import { Router } from 'express';
import { z } from 'zod';
import { createDefaultSessionTypes } from '../../db/commands/create-default-session-types';
import { deleteSessionType } from '../../db/commands/delete-session-type';
import { saveSessionType } from '../../db/commands/save-session-type';
import { findSessionType, listSessionTypes } from '../../db/queries/session-types';
import { IdParams, PageQuery } from '../http/common-schemas';
import { type DataRouterDeps, registerRoutes, routesFor } from '../http/route-kit';
import { presentSessionType, sessionTypeProps } from './presenter';
import { CreateSessionTypeBody, SessionTypePage, SessionTypeView, UpdateSessionTypeBody } from './schema';

const tag = 'session-types';
const route = routesFor<DataRouterDeps, DataRouterDeps>();

/** PUT and PATCH take the same partial body: the fields sent are set, the rest kept. */
const update =
  ({ sequelize }: DataRouterDeps) =>
  async ({
    user,
    params,
    body,
    req,
  }: {
    user: { orgId: string };
    params: { id: string };
    body: z.infer<typeof UpdateSessionTypeBody>;
    req: { requestId: string };
  }) =>
    presentSessionType(await saveSessionType(sequelize, user.orgId, params.id, sessionTypeProps(body), req.requestId));

/** Every route of buildSessionTypesRouter, in the document's order. */
const SESSION_TYPES_ROUTES = [
  route(
    {
      method: 'get',
      path: '/api/session-types',
      operationId: 'listSessionTypes',
      summary: "The studio's session types, in display order",
      tag,
      auth: 'user',
      query: PageQuery,
      response: SessionTypePage,
    },
    ({ sequelize }) =>
      async ({ user, query }) => {
        const page = await listSessionTypes(sequelize, user.orgId, query);
        return { ...page, items: page.items.map(presentSessionType) };
      },
  ),

  route(
    {
      method: 'post',
      path: '/api/session-types',
      operationId: 'createSessionType',
      summary: 'Create a session type',
      tag,
      auth: 'user',
      body: CreateSessionTypeBody,
      response: SessionTypeView,
      status: 201,
    },
    ({ sequelize }) =>
      async ({ user, body, req }) =>
        presentSessionType(await saveSessionType(sequelize, user.orgId, null, sessionTypeProps(body), req.requestId)),
  ),

  route(
    {
      method: 'post',
      path: '/api/session-types/create-defaults',
      operationId: 'createDefaultSessionTypes',
      summary: 'Copy the system session types the studio does not have yet (new accounts get them at registration)',
      tag,
      auth: 'user',
      response: SessionTypePage.extend({ created: z.number().int() }),
    },
    ({ sequelize }) =>
      async ({ user }) => {
        const created = await createDefaultSessionTypes(sequelize, user.orgId, user.locale);
        const page = await listSessionTypes(sequelize, user.orgId, { page: 1, limit: 100 });
        return { created, ...page, items: page.items.map(presentSessionType) };
      },
  ),

  route(
    {
      method: 'get',
      path: '/api/session-types/:id',
      operationId: 'getSessionType',
      summary: 'Read a session type',
      tag,
      auth: 'user',
      params: IdParams,
      response: SessionTypeView,
    },
    ({ sequelize }) =>
      async ({ user, params }) =>
        presentSessionType(await findSessionType(sequelize, user.orgId, params.id)),
  ),

  route(
    {
      method: 'put',
      path: '/api/session-types/:id',
      operationId: 'updateSessionType',
      summary: 'Update a session type',
      tag,
      auth: 'user',
      params: IdParams,
      body: UpdateSessionTypeBody,
      response: SessionTypeView,
    },
    update,
  ),
  route(
    {
      method: 'patch',
      path: '/api/session-types/:id',
      operationId: 'patchSessionType',
      summary: 'Update some fields of a session type',
      tag,
      auth: 'user',
      params: IdParams,
      body: UpdateSessionTypeBody,
      response: SessionTypeView,
    },
    update,
  ),

  route(
    {
      method: 'delete',
      path: '/api/session-types/:id',
      operationId: 'deleteSessionType',
      summary:
        'Delete a session type; its sessions and document lines keep existing without a type; 409 session_type_booked when clients booked it',
      tag,
      auth: 'user',
      params: IdParams,
      status: 204,
      errors: ['session_type_booked'],
    },
    ({ sequelize }) =>
      async ({ user, params, req }) => {
        await deleteSessionType(sequelize, user.orgId, params.id, req.requestId);
      },
  ),
];

/** PUT and PATCH take the same partial body: the fields sent are set, the rest kept. */ export function buildSessionTypesRouter(
  deps: DataRouterDeps,
): Router {
  return registerRoutes(Router(), deps.kit, SESSION_TYPES_ROUTES, deps, deps);
}
