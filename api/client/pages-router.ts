import { languageOf } from '../../domain/accounts/locale-language';
import { type S3Client } from '@aws-sdk/client-s3';
import express, { type Request, type Response, Router } from 'express';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { saveClientInfo } from '../../db/commands/client-info';
import { readClientInfo } from '../../db/queries/client-info';
import { redeemMagicLink } from '../../db/commands/redeem-magic-link';
import { peekMagicLink, type RedeemResult } from '../../db/queries/magic-links';
import { findClientAccount, findClientSessionOrNull } from '../../db/queries/client-accounts';
import { type ClientAccountRow, type SessionRow } from '../../db/rows';
import { ValidationError } from '../../domain/errors';
import { type AnswerError } from '../../domain/session-info/validate-responses';
import { type ClientTokenService } from '../auth/client-tokens';
import { rejectNulCharacters } from '../middleware/reject-nul';
import { createFaceLoader, NO_FACE, sendPage } from './face';
import { type PortalFace, PROBLEM_TEXT, renderLinkProblem, renderOpenLink, renderPortalForm } from './render-form';

export interface PortalRouterDeps {
  sequelize: Sequelize;
  clientTokens: ClientTokenService;
  /** Reads the studio's logo, inlined at the head of every page. */
  s3: S3Client;
  bucket: string;
  logger: Logger;
}

type FormInput = {
  account: ClientAccountRow;
  clientToken: string;
  session: SessionRow;
  values?: Record<string, unknown>;
  errors?: AnswerError[];
  saved?: boolean;
};

/** What the portal's pages share, made once from the router's deps. */
function portalPages({ sequelize, clientTokens, s3, bucket, logger }: PortalRouterDeps) {
  const loadFace = createFaceLoader({ sequelize, s3, bucket, logger });
  /** The pages a client reads come in the language of the client account's contact (else the studio's). */
  const faceOf = (account: Pick<ClientAccountRow, 'owner_id' | 'contact_id'>): Promise<PortalFace> =>
    loadFace(account.owner_id, account.contact_id);
  const send = sendPage;

  async function showForm(res: Response, status: number, input: FormInput) {
    const face = await faceOf(input.account);
    const { locale } = face;
    const info = await readClientInfo(sequelize, input.session.id, input.session.owner_id);
    const errors = Object.fromEntries(
      (input.errors ?? []).map((e) => [e.field_key, PROBLEM_TEXT[languageOf(locale)][e.problem] ?? e.message]),
    );
    send(
      res,
      status,
      renderPortalForm({
        face,
        sessionTitle: input.session.title,
        clientToken: input.clientToken,
        sessionId: input.session.id,
        fields: info.fields ?? [],
        values: input.values ?? info.responses,
        errors,
        saved: input.saved ?? false,
      }),
    );
  }

  /** The client and session a link opens, once the link is known good; null when either is gone. */
  const sessionOfLink = async (link: Extract<RedeemResult, { ok: true }>) => {
    const account = link.sessionId ? await findClientAccount(sequelize, link.clientAccountId) : null;
    const session = account ? await findClientSessionOrNull(sequelize, account, link.sessionId!) : null;
    return account && session ? { account, session } : null;
  };
  /** A used or expired link still names its client, who reads why in their language; an unknown one gets French. */
  const linkProblem = async (res: Response, link: RedeemResult) => {
    const reason = link.ok ? 'unknown' : link.reason;
    const account = !link.ok && link.clientAccountId ? await findClientAccount(sequelize, link.clientAccountId) : null;
    send(res, reason === 'unknown' ? 404 : 410, renderLinkProblem(account ? await faceOf(account) : NO_FACE, reason));
  };

  return { sequelize, clientTokens, faceOf, send, showForm, sessionOfLink, linkProblem };
}

type PortalPages = ReturnType<typeof portalPages>;

/** GET /portal/session-info/:token: the page with one button; reading it does not spend the link. */
const openLinkPage =
  ({ sequelize, sessionOfLink, linkProblem, send, faceOf }: PortalPages) =>
  async (req: Request<{ token: string }>, res: Response) => {
    const token = req.params.token.slice(0, 200);
    const link = await peekMagicLink(sequelize, token);
    const opened = link.ok ? await sessionOfLink(link) : null;
    if (!opened) return linkProblem(res, link);
    send(res, 200, renderOpenLink(await faceOf(opened.account), opened.session.title, token));
  };

/** POST /portal/session-info/:token: the button spends the link and shows the form with a client token. */
const redeemLinkPage =
  ({ sequelize, clientTokens, sessionOfLink, linkProblem, showForm }: PortalPages) =>
  async (req: Request<{ token: string }>, res: Response) => {
    const link = await redeemMagicLink(sequelize, req.params.token.slice(0, 200));
    const opened = link.ok ? await sessionOfLink(link) : null;
    if (!link.ok || !opened) return linkProblem(res, link);
    await showForm(res, 200, { ...opened, clientToken: await clientTokens.issueClientToken(link.clientAccountId) });
  };

/** POST /portal/session-info: the form posted with its client token; saved, or shown again with its problems. */
const saveFormPage =
  ({ sequelize, clientTokens, send, faceOf, showForm }: PortalPages) =>
  async (req: Request, res: Response) => {
    const { client_token: clientToken, session_id: sessionId, ...answers } = (req.body ?? {}) as Record<string, string>;
    const accountId = typeof clientToken === 'string' ? await clientTokens.verifyClientToken(clientToken) : undefined;
    const account = accountId ? await findClientAccount(sequelize, accountId) : null;
    const session =
      account && typeof sessionId === 'string' && /^[0-9a-f-]{36}$/i.test(sessionId)
        ? await findClientSessionOrNull(sequelize, account, sessionId)
        : null;
    if (!account || !session)
      return send(res, 410, renderLinkProblem(account ? await faceOf(account) : NO_FACE, 'expired'));
    try {
      await saveClientInfo(sequelize, {
        sessionId: session.id,
        ownerId: session.owner_id,
        responses: answers,
        via: 'CLIENT_PORTAL',
        requestId: req.requestId,
      });
      await showForm(res, 200, { account, clientToken, session, saved: true });
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      await showForm(res, 400, {
        account,
        clientToken,
        session,
        values: answers,
        errors: err.details as AnswerError[],
      });
    }
  };

/**
 * /portal/session-info: the client's form, server-rendered. The emailed link opens a page with
 * one button; the button (a POST) spends the link, so a mail scanner fetching it first does not.
 * The form carries the client token the link yields, so it can be posted again (corrections,
 * later changes) until that token expires.
 */
export function buildPortalRouter(deps: PortalRouterDeps): Router {
  const pages = portalPages(deps);
  const router = Router();
  router.get('/portal/session-info/:token', openLinkPage(pages));
  router.post('/portal/session-info/:token', redeemLinkPage(pages));
  router.post(
    '/portal/session-info',
    express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 220 }),
    rejectNulCharacters,
    saveFormPage(pages),
  );
  return router;
}
