import { Router } from 'express';
import { createSession } from '../../db/commands/create-session';
import { deleteSession } from '../../db/commands/delete-session';
import { updateSession } from '../../db/commands/update-session';
import { assertOwnSession, findSession, listSessionsJson } from '../../db/queries/sessions';
import { listSessionAssignments } from '../../db/queries/session-assignments';
import { replaceSessionAssignments } from '../../db/commands/session-assignments';
import { assignedScope } from '../../domain/teams/assignments';
import { asWholeStudio } from '../../db/studio-context';
import { type Sequelize } from 'sequelize-typescript';
import { type AuthUser } from '../auth/auth-user';
import { JsonText } from '../http/json-text';
import { type IdBodyContext, IdParams } from '../http/common-schemas';
import { type z } from 'zod';
import { type DataRouterDeps, type RouteContext, registerRoutes, routesFor } from '../http/route-kit';
import { presentSession } from './presenter';
import {
  AssignSessionMembersBody,
  CreateSessionBody,
  SessionAssignments,
  SessionListQuery,
  SessionPage,
  SessionView,
  UpdateSessionBody,
} from './schema';

const tag = 'sessions';
const route = routesFor<DataRouterDeps, DataRouterDeps>();

/** The session's answer: its fields and the members on it. */
const sessionAnswer = async (sequelize: Sequelize, user: AuthUser, session: Awaited<ReturnType<typeof findSession>>) =>
  presentSession(session, await listSessionAssignments(sequelize, user.orgId, session.id));

/** PUT and PATCH /api/sessions/:id (both change the fields given). */
const update =
  ({ sequelize }: DataRouterDeps) =>
  async ({
    user,
    params,
    body,
    req,
  }: IdBodyContext<z.infer<typeof UpdateSessionBody>> & Pick<RouteContext<IdParams, unknown, unknown>, 'req'>) =>
    sessionAnswer(sequelize, user, await updateSession(sequelize, user.orgId, params.id, body, req.requestId));

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
        const { assigned_to: assignedTo, ...page } = query;
        return new JsonText(
          await listSessionsJson(sequelize, user.orgId, {
            ...page,
            assignedTo: assignedTo === 'me' ? user.id : assignedTo,
            reachedBy: assignedScope(user.role, user.id),
          }),
        );
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
        sessionAnswer(
          sequelize,
          user,
          // A photographer's new session is theirs once they lead it: written for the whole
          // studio, as the row is not theirs to see until they are on it (db/studio-context.ts).
          await asWholeStudio(() =>
            createSession(sequelize, user.orgId, body, req.requestId, assignedScope(user.role, user.id) ?? undefined),
          ),
        ),
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
        sessionAnswer(sequelize, user, await findSession(sequelize, user.orgId, params.id)),
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
      method: 'get',
      path: '/api/sessions/:id/assignments',
      operationId: 'listSessionAssignments',
      summary: 'The members on a session and their roles on it',
      tag,
      auth: 'user',
      params: IdParams,
      response: SessionAssignments,
    },
    ({ sequelize }) =>
      async ({ user, params }) => {
        await assertOwnSession(sequelize, user.orgId, params.id);
        return { items: await listSessionAssignments(sequelize, user.orgId, params.id) };
      },
  ),
  route(
    {
      method: 'put',
      path: '/api/sessions/:id/assignments',
      operationId: 'assignSessionMembers',
      summary: 'Put members on a session (the list replaces the one it had; each new one is a SESSION_ASSIGNED event)',
      tag,
      auth: 'user',
      params: IdParams,
      body: AssignSessionMembersBody,
      response: SessionAssignments,
    },
    ({ sequelize }) =>
      async ({ user, params, body, req }) => ({
        items: await replaceSessionAssignments(sequelize, user.orgId, params.id, body.assignments, req.requestId),
      }),
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
