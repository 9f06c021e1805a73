import express, { type Request, type Response, Router } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { readClientInfo, saveClientInfo } from '../../db/commands/client-info';
import { peekMagicLink, type RedeemResult, redeemMagicLink } from '../../db/commands/magic-links';
import { findClientAccount, findClientSessionOrNull } from '../../db/queries/client-accounts';
import { findUserLocale } from '../../db/queries/users';
import { type SessionRow } from '../../db/rows';
import { ValidationError } from '../../domain/errors';
import { type AnswerError } from '../../domain/session-info/validate-responses';
import { type ClientTokenService } from '../auth/client-tokens';
import { rejectNulCharacters } from '../middleware/reject-nul';
import { type PortalLocale, PROBLEM_TEXT, renderLinkProblem, renderOpenLink, renderPortalForm } from './render-form';

const localeOf = async (ownerId: string): Promise<PortalLocale> => ((await findUserLocale(ownerId)) === 'en-US' ? 'en-US' : 'fr-FR');

/**
 * /portal/session-info: the client's form, server-rendered. The emailed link opens a page with
 * one button; the button (a POST) spends the link, so a mail scanner fetching it first does not.
 * The form carries the client token the link yields, so it can be posted again (corrections,
 * later changes) until that token expires.
 */
export function buildPortalRouter({ sequelize, clientTokens }: { sequelize: Sequelize; clientTokens: ClientTokenService }): Router {
  const router = Router();
  const send = (res: Response, status: number, html: string) => res.status(status).type('html').set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer').send(html);

  async function showForm(res: Response, status: number, input: { clientToken: string; session: SessionRow; values?: Record<string, unknown>; errors?: AnswerError[]; saved?: boolean }) {
    const locale = await localeOf(input.session.owner_id);
    const info = await readClientInfo(input.session.id, input.session.owner_id);
    const errors = Object.fromEntries((input.errors ?? []).map((e) => [e.field_key, PROBLEM_TEXT[locale][e.problem] ?? e.message]));
    send(
      res,
      status,
      renderPortalForm({ locale, sessionTitle: input.session.title, clientToken: input.clientToken, sessionId: input.session.id, fields: info.fields ?? [], values: input.values ?? info.responses, errors, saved: input.saved ?? false }),
    );
  }

  /** The session a link opens, once the link is known good; null when its client or session is gone. */
  const sessionOfLink = async (link: Extract<RedeemResult, { ok: true }>) => {
    const account = link.sessionId ? await findClientAccount(link.clientAccountId) : null;
    return account ? findClientSessionOrNull(account, link.sessionId!) : null;
  };
  const linkProblem = (res: Response, link: RedeemResult) => {
    const reason = link.ok ? 'unknown' : link.reason;
    send(res, reason === 'unknown' ? 404 : 410, renderLinkProblem('fr-FR', reason));
  };

  router.get('/portal/session-info/:token', async (req: Request<{ token: string }>, res) => {
    const token = req.params.token.slice(0, 200);
    const link = await peekMagicLink(token);
    const session = link.ok ? await sessionOfLink(link) : null;
    if (!session) return linkProblem(res, link);
    send(res, 200, renderOpenLink(await localeOf(session.owner_id), session.title, token));
  });

  router.post('/portal/session-info/:token', async (req: Request<{ token: string }>, res) => {
    const link = await redeemMagicLink(sequelize, req.params.token.slice(0, 200));
    const session = link.ok ? await sessionOfLink(link) : null;
    if (!link.ok || !session) return linkProblem(res, link);
    await showForm(res, 200, { clientToken: await clientTokens.issueClientToken(link.clientAccountId), session });
  });

  router.post('/portal/session-info', express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 220 }), rejectNulCharacters, async (req, res) => {
    const { client_token: clientToken, session_id: sessionId, ...answers } = (req.body ?? {}) as Record<string, string>;
    const accountId = typeof clientToken === 'string' ? await clientTokens.verifyClientToken(clientToken) : undefined;
    const account = accountId ? await findClientAccount(accountId) : null;
    const session =
      account && typeof sessionId === 'string' && /^[0-9a-f-]{36}$/i.test(sessionId)
        ? await findClientSessionOrNull(account, sessionId)
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
