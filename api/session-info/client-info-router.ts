import { Router } from 'express';
import { saveClientInfo } from '../../db/commands/client-info';
import { readClientInfo } from '../../db/queries/client-info';
import { IdParams } from '../http/common-schemas';
import { type DataRouterDeps } from '../http/route-kit';
import { presentClientInfo } from './presenter';
import { ClientInfoBody, ClientInfoView } from './schema';

/** /api/sessions/:id/client-info: the owner reads and writes the answers of a session's form. */
export function buildClientInfoRouter({ sequelize, kit }: DataRouterDeps): Router {
  const router = Router();
  const tag = 'session-info';

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/sessions/:id/client-info',
      operationId: 'getSessionClientInfo',
      errors: ['session_info_template_missing'],
      summary: "A session's info form and answers",
      tag,
      auth: 'user',
      params: IdParams,
      response: ClientInfoView,
    },
    async ({ user, params }) => presentClientInfo(await readClientInfo(sequelize, params.id, user.orgId)),
  );

  kit.route(
    router,
    {
      method: 'put',
      path: '/api/sessions/:id/client-info',
      operationId: 'saveSessionClientInfo',
      errors: ['session_info_template_missing'],
      summary: 'Save the answers (optionally attaching a template first); emits SESSION_INFO_SUBMITTED',
      tag,
      auth: 'user',
      params: IdParams,
      body: ClientInfoBody,
      response: ClientInfoView,
    },
    async ({ req, user, params, body }) =>
      presentClientInfo(
        await saveClientInfo(sequelize, {
          sessionId: params.id,
          ownerId: user.orgId,
          templateId: body.template_id,
          responses: body.responses,
          via: 'USER',
          requestId: req.requestId,
        }),
      ),
  );

  return router;
}
