import { Router } from 'express';
import { Op, type WhereOptions } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { createSession, updateSession } from '../../db/commands/sessions';
import { Session } from '../../db/models/Session';
import { findOwned, listOwned } from '../../db/queries/owned';
import { IdParams } from '../http/common-schemas';
import { type createRouteKit } from '../http/route-kit';
import { presentSession } from './presenter';
import { CreateSessionBody, SessionListQuery, SessionPage, SessionView, UpdateSessionBody } from './schema';

/** /api/sessions: the user's shoots, paged list and CRUD. */
export function buildSessionsRouter({ sequelize, kit }: { sequelize: Sequelize; kit: ReturnType<typeof createRouteKit> }): Router {
  const router = Router();
  const tag = 'sessions';

  kit.route(router, { method: 'get', path: '/api/sessions', summary: 'List sessions', tag, auth: 'user', query: SessionListQuery, response: SessionPage }, async ({ user, query }) => {
    const where: Record<string | symbol, unknown> = {};
    if (query.status) where.status = query.status;
    if (query.contact_id) where.contact_id = query.contact_id;
    if (query.from || query.to) {
      where.start_date = { ...(query.from ? { [Op.gte]: new Date(query.from) } : {}), ...(query.to ? { [Op.lt]: new Date(query.to) } : {}) };
    }
    const page = await listOwned(Session, user.id, query, where as WhereOptions);
    return { ...page, items: page.items.map(presentSession) };
  });

  kit.route(router, { method: 'post', path: '/api/sessions', summary: 'Create a session', tag, auth: 'user', body: CreateSessionBody, response: SessionView, status: 201 }, async ({ user, body, req }) =>
    presentSession(await createSession(sequelize, user.id, body, req.requestId)),
  );

  kit.route(router, { method: 'get', path: '/api/sessions/:id', summary: 'Read a session', tag, auth: 'user', params: IdParams, response: SessionView }, async ({ user, params }) =>
    presentSession(await findOwned(Session, 'Session', params.id, user.id)),
  );

  for (const method of ['put', 'patch'] as const) {
    kit.route(router, { method, path: '/api/sessions/:id', summary: 'Update a session (fields given are changed)', tag, auth: 'user', params: IdParams, body: UpdateSessionBody, response: SessionView }, async ({ user, params, body, req }) =>
      presentSession(await updateSession(sequelize, user.id, params.id, body, req.requestId)),
    );
  }

  kit.route(router, { method: 'delete', path: '/api/sessions/:id', summary: 'Delete a session', tag, auth: 'user', params: IdParams, status: 204 }, async ({ user, params }) => {
    const session = await findOwned(Session, 'Session', params.id, user.id);
    await session.destroy();
  });

  return router;
}
