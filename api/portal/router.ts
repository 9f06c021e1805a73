import express, { type Request, type Response, Router } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { readClientInfo, saveClientInfo } from '../../db/commands/client-info';
import { redeemMagicLink } from '../../db/commands/magic-links';
import { ClientAccount } from '../../db/models/ClientAccount';
import { Session } from '../../db/models/Session';
import { User } from '../../db/models/User';
import { ValidationError } from '../../domain/errors';
import { type AnswerError } from '../../domain/session-info/validate-responses';
import { type ClientTokenService } from '../auth/client-tokens';
import { type PortalLocale, PROBLEM_TEXT, renderLinkProblem, renderPortalForm } from './render-form';

const localeOf = async (ownerId: string): Promise<PortalLocale> => ((await User.findByPk(ownerId))?.locale === 'en-US' ? 'en-US' : 'fr-FR');

/**
 * /portal/session-info: the client's form, server-rendered. The emailed link is spent on the
 * first GET and the page carries the client token it yields, so the form can be posted again
 * (corrections, later changes) until that token expires.
 */
export function buildPortalRouter({ sequelize, clientTokens }: { sequelize: Sequelize; clientTokens: ClientTokenService }): Router {
  const router = Router();
  const send = (res: Response, status: number, html: string) => res.status(status).type('html').set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer').send(html);

  async function showForm(res: Response, status: number, input: { clientToken: string; session: Session; values?: Record<string, unknown>; errors?: AnswerError[]; saved?: boolean }) {
    const locale = await localeOf(input.session.owner_id);
    const info = await readClientInfo(input.session.id, input.session.owner_id);
    const errors = Object.fromEntries((input.errors ?? []).map((e) => [e.field_key, PROBLEM_TEXT[locale][e.problem] ?? e.message]));
    send(
      res,
      status,
      renderPortalForm({ locale, sessionTitle: input.session.title, clientToken: input.clientToken, sessionId: input.session.id, fields: info.fields ?? [], values: input.values ?? info.responses, errors, saved: input.saved ?? false }),
    );
  }

  router.get('/portal/session-info/:token', async (req: Request<{ token: string }>, res) => {
    const result = await redeemMagicLink(sequelize, req.params.token.slice(0, 200));
    if (!result.ok || !result.sessionId) {
      const reason = result.ok ? 'unknown' : result.reason;
      return send(res, reason === 'unknown' ? 404 : 410, renderLinkProblem('fr-FR', reason));
    }
    const account = await ClientAccount.findByPk(result.clientAccountId);
    const session = account ? await Session.findOne({ where: { id: result.sessionId, owner_id: account.owner_id, contact_id: account.contact_id } }) : null;
    if (!session) return send(res, 404, renderLinkProblem('fr-FR', 'unknown'));
    await showForm(res, 200, { clientToken: await clientTokens.issueClientToken(result.clientAccountId), session });
  });

  router.post('/portal/session-info', express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 220 }), async (req, res) => {
    const { client_token: clientToken, session_id: sessionId, ...answers } = (req.body ?? {}) as Record<string, string>;
    const accountId = typeof clientToken === 'string' ? await clientTokens.verifyClientToken(clientToken) : undefined;
    const account = accountId ? await ClientAccount.findByPk(accountId) : null;
    const session =
      account && typeof sessionId === 'string' && /^[0-9a-f-]{36}$/i.test(sessionId)
        ? await Session.findOne({ where: { id: sessionId, owner_id: account.owner_id, contact_id: account.contact_id } })
        : null;
    if (!session) return send(res, 410, renderLinkProblem('fr-FR', 'expired'));
    try {
      await saveClientInfo(sequelize, { sessionId: session.id, ownerId: session.owner_id, responses: answers, via: 'CLIENT_PORTAL', requestId: req.requestId });
      await showForm(res, 200, { clientToken, session, saved: true });
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      await showForm(res, 400, { clientToken, session, values: answers, errors: err.details as AnswerError[] });
    }
  });

  return router;
}
