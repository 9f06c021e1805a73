import { Router } from 'express';
import { createSession } from '../../db/commands/create-session';
import { deleteSession } from '../../db/commands/delete-session';
import { updateSession } from '../../db/commands/update-session';
import { findSession, listSessions } from '../../db/queries/sessions';
import { IdParams } from '../http/common-schemas';
import { type z } from 'zod';
import { type DataRouterDeps, type RouteContext } from '../http/route-kit';
import { presentSession } from './presenter';
import { CreateSessionBody, SessionListQuery, SessionPage, SessionView, UpdateSessionBody } from './schema';

/** /api/sessions: the user's shoots, paged list and CRUD. */
export function buildSessionsRouter({ sequelize, kit }: DataRouterDeps): Router {
  const router = Router();
  const tag = 'sessions';

  kit.route(
    router,
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
    async ({ user, query }) => {
      const page = await listSessions(sequelize, user.id, query);
      return { ...page, items: page.items.map(presentSession) };
    },
  );

  kit.route(
    router,
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
    async ({ user, body, req }) => presentSession(await createSession(sequelize, user.id, body, req.requestId)),
  );

  kit.route(
    router,
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
    async ({ user, params }) => presentSession(await findSession(sequelize, user.id, params.id)),
  );

  /** PUT and PATCH /api/sessions/:id (both change the fields given). */
  const update = async ({
    user,
    params,
    body,
    req,
  }: Pick<
    RouteContext<z.infer<typeof IdParams>, unknown, z.infer<typeof UpdateSessionBody>>,
    'user' | 'params' | 'body' | 'req'
  >) => presentSession(await updateSession(sequelize, user.id, params.id, body, req.requestId));
  kit.route(
    router,
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
  );
  kit.route(
    router,
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
  );

  kit.route(
    router,
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
    async ({ user, params }) => {
      await deleteSession(sequelize, user.id, params.id);
    },
  );

  return router;
}
