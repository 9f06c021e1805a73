import { Router } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { z } from 'zod';
import { saveClientInfo } from '../../db/commands/client-info';
import { readClientInfo } from '../../db/queries/client-info';
import { redeemMagicLink } from '../../db/commands/redeem-magic-link';
import { findClientSession, listClientSessions } from '../../db/queries/client-accounts';
import { UnauthorizedError } from '../../domain/errors';
import { PORTAL_DOCUMENT_KINDS } from '../../domain/client-portal/portal-documents';
import { type ClientTokenService } from '../auth/client-tokens';
import { type createRouteKit, registerRoutes, routesFor } from '../http/route-kit';
import { presentClientInfo } from '../session-info/presenter';
import { ClientInfoView } from '../session-info/schema';
import { clientAccountOf } from './client-guard';

const SessionParams = z.object({ sessionId: z.uuid() });
const ClientInfoAnswers = z
  .object({
    responses: z
      .record(z.string().max(100), z.unknown())
      .refine((r) => Object.keys(r).length <= 200, 'too many answers'),
  })
  .strict();

type ClientAccountsRouterDeps = {
  sequelize: Sequelize;
  kit: ReturnType<typeof createRouteKit>;
  clientTokens: ClientTokenService;
};
const tag = 'client-portal';
const route = routesFor<ClientAccountsRouterDeps, ClientAccountsRouterDeps>();

/** Every route of buildClientAccountsRouter, in the document's order. */
const CLIENT_ACCOUNTS_ROUTES = [
  route(
    {
      method: 'post',
      path: '/api/client-accounts/magic-link/verify',
      operationId: 'verifyMagicLink',
      summary: 'Spend a magic link for a client token (single use); says which session or document it opens',
      tag,
      auth: 'none',
      body: z.object({ token: z.string().min(20).max(200) }).strict(),
      response: z.object({
        accessToken: z.string(),
        session_id: z.uuid().nullable(),
        document: z
          .object({ kind: z.enum(PORTAL_DOCUMENT_KINDS), id: z.uuid() })
          .nullable()
          .describe('The document the link opens (a document email or reminder), else null'),
      }),
    },
    ({ sequelize, clientTokens }) =>
      async ({ body }) => {
        const result = await redeemMagicLink(sequelize, body.token);
        if (!result.ok)
          throw new UnauthorizedError(
            result.reason === 'used'
              ? 'This link was already used'
              : result.reason === 'expired'
                ? 'This link has expired'
                : 'Invalid link',
          );
        return {
          accessToken: await clientTokens.issueClientToken(result.clientAccountId),
          session_id: result.sessionId,
          document: result.document,
        };
      },
  ),

  route(
    {
      method: 'get',
      path: '/api/client-accounts/me/sessions',
      operationId: 'listClientPortalSessions',
      summary: "The client's sessions",
      tag,
      auth: 'client',
      response: z.array(z.object({ id: z.uuid(), title: z.string(), start_date: z.string().nullable() })),
    },
    ({ sequelize }) =>
      async ({ req }) => {
        const account = clientAccountOf(req);
        const sessions = await listClientSessions(sequelize, account);
        return sessions.map((s) => ({ id: s.id, title: s.title, start_date: s.start_date?.toISOString() ?? null }));
      },
  ),

  route(
    {
      method: 'get',
      path: '/api/client-accounts/me/sessions/:sessionId/client-info',
      operationId: 'getClientPortalSessionInfo',
      summary: 'The form and answers of one of my sessions',
      tag,
      auth: 'client',
      params: SessionParams,
      response: ClientInfoView,
    },
    ({ sequelize }) =>
      async ({ req, params }) => {
        const session = await findClientSession(sequelize, clientAccountOf(req), params.sessionId);
        return presentClientInfo(await readClientInfo(sequelize, session.id, session.owner_id));
      },
  ),

  route(
    {
      method: 'put',
      path: '/api/client-accounts/me/sessions/:sessionId/client-info',
      operationId: 'saveClientPortalSessionInfo',
      summary: 'Answer the form of one of my sessions; emits SESSION_INFO_SUBMITTED',
      tag,
      auth: 'client',
      params: SessionParams,
      body: ClientInfoAnswers,
      response: ClientInfoView,
    },
    ({ sequelize }) =>
      async ({ req, params, body }) => {
        const session = await findClientSession(sequelize, clientAccountOf(req), params.sessionId);
        return presentClientInfo(
          await saveClientInfo(sequelize, {
            sessionId: session.id,
            ownerId: session.owner_id,
            responses: body.responses,
            via: 'CLIENT_PORTAL',
            requestId: req.requestId,
          }),
        );
      },
  ),
];

/** /api/client-accounts: magic-link sign-in, and the signed-in client's own sessions and answers. */
export function buildClientAccountsRouter(deps: ClientAccountsRouterDeps): Router {
  return registerRoutes(Router(), deps.kit, CLIENT_ACCOUNTS_ROUTES, deps, deps);
}
