import express, { type NextFunction, type Request, type RequestHandler, type Response, Router } from 'express';
import { type Logger } from 'pino';
import { redeemMagicLink } from '../../db/commands/redeem-magic-link';
import { findClientAccount } from '../../db/queries/client-accounts';
import {
  findClientCreditNote,
  findClientInvoice,
  findClientQuote,
  listClientCreditNotes,
  listClientInvoices,
  listClientQuotes,
} from '../../db/queries/client-documents';
import { peekMagicLink, type RedeemResult } from '../../db/queries/magic-links';
import { findClientReceipt, listClientReceipts } from '../../db/queries/payment-receipts';
import { type CheckoutDeps, startInvoiceCheckout } from '../../lib/payments/checkout';
import { presentReceipt } from './receipt-presenter';
import { receiptPdfLink } from './receipt-pdf-link';
import { sendClientDataZip } from './data-zip';
import { findStudio } from '../../db/queries/studios';
import { type ClientAccountRow, type QuoteRow } from '../../db/rows';
import { portalDocumentPath } from '../../domain/client-portal/portal-documents';
import { DomainError, NotFoundError, RateLimitedError } from '../../domain/errors';
import { type ClientTokenService } from '../auth/client-tokens';
import {
  clientCreditNotePdfLink,
  clientInvoicePdfLink,
  clientQuoteView,
  clientQuotePdfLink,
  type ClientDocumentsDeps,
  declineClientQuote,
  noteClientView,
  signClientQuote,
} from '../../services/client-portal/client-documents';
import { presentClientCreditNote, presentClientInvoice, presentClientQuoteView } from './presenter';
import { rejectNulCharacters } from '../middleware/reject-nul';
import { createFaceLoader, NO_FACE, sendPage } from './face';
import {
  renderHome,
  renderInvoicePage,
  renderOpenDocuments,
  renderPortalProblem,
  renderQuotePage,
} from './render-documents';
import { renderLinkProblem } from './render-form';

export interface PortalDocumentsDeps extends ClientDocumentsDeps, Omit<CheckoutDeps, 'config'> {
  config: ClientDocumentsDeps['config'] & CheckoutDeps['config'];
  clientTokens: ClientTokenService;
  bucket: string;
  logger: Logger;
  /** Seconds a signed-in portal visit lasts: the client token's lifetime. */
  sessionSeconds: number;
  /** Per client account: payment pages opened (RATE_LIMIT_CLIENT_CHECKOUT), data zips (RATE_LIMIT_CLIENT_DATA). */
  checkoutLimit: RequestHandler;
  clientDataLimit: RequestHandler;
}

/** Runs a middleware inside a page handler: resolves when it calls next(), rejects with what it throws or passes on. */
const pass = (middleware: RequestHandler, req: Request, res: Response) =>
  new Promise<void>((resolve, reject) => {
    Promise.resolve(middleware(req, res, (err?: unknown) => (err ? reject(err) : resolve()))).catch(reject);
  });

/** The portal visit's cookie: the client token, sent back only to /portal, never readable by scripts. */
const COOKIE = 'studio_client';

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * A form posted to the portal must come from the portal itself: the cookie is SameSite=Lax (no
 * cross-site POST carries it), and a browser's Origin, when sent, must be this host.
 */
const sameOrigin: RequestHandler = (req, res, next) => {
  const origin = req.get('origin');
  if (origin && origin !== 'null') {
    let host: string | null = null;
    try {
      host = new URL(origin).host;
    } catch {
      host = null;
    }
    if (host !== req.get('host')) {
      res.status(403).type('text').send('Forbidden');
      return;
    }
  }
  next();
};

/**
 * The pay form's answer is a redirect to the card or wallet provider's page: the page's CSP
 * (helmet: form-action 'self') would stop it, so the invoice page lets forms lead to https pages.
 */
function allowProviderRedirects(res: Response): void {
  const csp = res.getHeader('content-security-policy');
  if (typeof csp === 'string')
    res.setHeader('content-security-policy', csp.replace("form-action 'self'", "form-action 'self' https:"));
}

const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 10 });

/** A portal page for a signed-in client. */
type PageHandler = (account: ClientAccountRow, req: Request, res: Response) => Promise<void>;

/** What every page of the client's documents shares, made once per router (portalPages). */
interface PortalPages {
  deps: PortalDocumentsDeps;
  sequelize: PortalDocumentsDeps['sequelize'];
  faceOf: (account: ClientAccountRow) => ReturnType<ReturnType<typeof createFaceLoader>>;
  setSession: (req: Request, res: Response, accountId: string) => Promise<void>;
  page: (handler: PageHandler, limit?: RequestHandler) => RequestHandler;
  quoteView: (account: ClientAccountRow, quote: QuoteRow) => Promise<ReturnType<typeof presentClientQuoteView>>;
  timeZoneOf: (account: ClientAccountRow) => Promise<string>;
  linkProblem: (res: Response, link: RedeemResult) => Promise<ClientAccountRow | null>;
}

/** A document's id in a page's path; anything else is a document that does not exist. */
const uuidParam = (req: Request, name: string) => {
  const value = String(req.params[name] ?? '');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value))
    throw new NotFoundError('Document');
  return value;
};

/**
 * Runs a page handler for a signed-in client (the portal visit's cookie), or answers that the visit
 * ended; a document not theirs is a 404 page in their language, a limit reached a 429 page.
 */
function pageRunner(deps: PortalDocumentsDeps, faceOf: PortalPages['faceOf']): PortalPages['page'] {
  const { sequelize, clientTokens } = deps;
  /** The signed-in client, or a page saying the visit ended (the link from the email opens a new one). */
  const signedIn = async (req: Request, res: Response): Promise<ClientAccountRow | null> => {
    const token = readCookie(req, COOKIE);
    const id = token ? await clientTokens.verifyClientToken(token) : undefined;
    const account = id ? await findClientAccount(sequelize, id) : null;
    if (!account) sendPage(res, 401, renderPortalProblem(NO_FACE, 'expiredSession'));
    return account;
  };
  return (handler, limit) => (req, res, next: NextFunction) => {
    void (async () => {
      const account = await signedIn(req, res);
      if (!account) return;
      try {
        if (limit) {
          (req as Request & { clientAccount: ClientAccountRow }).clientAccount = account;
          await pass(limit, req, res);
        }
        await handler(account, req, res);
      } catch (err) {
        if (err instanceof NotFoundError)
          return sendPage(res, 404, renderPortalProblem(await faceOf(account), 'notFound'));
        if (err instanceof RateLimitedError)
          return sendPage(res, 429, renderPortalProblem(await faceOf(account), 'tooMany'));
        throw err;
      }
    })().catch(next);
  };
}

/** The shared pieces of the client's document pages. */
function portalPages(deps: PortalDocumentsDeps): PortalPages {
  const { sequelize, clientTokens } = deps;
  const loadFace = createFaceLoader({ sequelize, s3: deps.s3, bucket: deps.bucket, logger: deps.logger });
  const faceOf = (account: ClientAccountRow) => loadFace(account.owner_id, account.contact_id);
  const setSession = async (req: Request, res: Response, accountId: string) => {
    const token = await clientTokens.issueClientToken(accountId);
    res.cookie(COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: '/portal',
      maxAge: deps.sessionSeconds * 1000,
    });
  };
  const quoteView = async (account: ClientAccountRow, quote: QuoteRow) =>
    presentClientQuoteView(await clientQuoteView(deps, account, quote));
  const timeZoneOf = async (account: ClientAccountRow) => (await findStudio(sequelize, account.owner_id)).time_zone;
  /** A link refused (used, expired, unknown): the page says why, in its client's language when it names one. */
  const linkProblem = async (res: Response, link: RedeemResult) => {
    const account = link.clientAccountId ? await findClientAccount(sequelize, link.clientAccountId) : null;
    if (link.ok && account) return account;
    sendPage(
      res,
      link.ok ? 404 : 410,
      renderLinkProblem(account ? await faceOf(account) : NO_FACE, link.ok ? 'unknown' : link.reason),
    );
    return null;
  };
  return { deps, sequelize, faceOf, setSession, page: pageRunner(deps, faceOf), quoteView, timeZoneOf, linkProblem };
}

/** The link page of a document email: one button (mail scanners fetch links first). */
const openLinkPage =
  ({ sequelize, faceOf, linkProblem }: PortalPages) =>
  async (req: Request<{ token: string }>, res: Response) => {
    const token = req.params.token.slice(0, 200);
    const account = await linkProblem(res, await peekMagicLink(sequelize, token));
    if (account) sendPage(res, 200, renderOpenDocuments(await faceOf(account), token));
  };

/** The button pressed: the link is spent, the client token kept in the cookie, the document opened. */
const redeemLinkPage =
  ({ sequelize, setSession, linkProblem }: PortalPages) =>
  async (req: Request<{ token: string }>, res: Response) => {
    const link = await redeemMagicLink(sequelize, req.params.token.slice(0, 200));
    const account = await linkProblem(res, link);
    if (!account || !link.ok) return;
    await setSession(req, res, account.id);
    res.redirect(303, link.document ? portalDocumentPath(link.document.kind, link.document.id) : '/portal/home');
  };

/** The client's home: their quotes, invoices, credit notes and receipts. */
const homePage =
  ({ sequelize, faceOf, quoteView, timeZoneOf }: PortalPages): PageHandler =>
  async (account, _req, res) => {
    const timeZone = await timeZoneOf(account);
    const [quotes, invoices, creditNotes, receipts] = await Promise.all([
      listClientQuotes(sequelize, account),
      listClientInvoices(sequelize, account),
      listClientCreditNotes(sequelize, account),
      listClientReceipts(sequelize, account),
    ]);
    sendPage(
      res,
      200,
      renderHome(await faceOf(account), {
        quotes: await Promise.all(quotes.map((q) => quoteView(account, q))),
        invoices: invoices.map((i) => presentClientInvoice(i, timeZone)),
        creditNotes: creditNotes.map(presentClientCreditNote),
        receipts: receipts.map(presentReceipt),
      }),
    );
  };

/** A quote, with its signing form (noted as viewed). */
const quotePage =
  ({ deps, sequelize, faceOf, quoteView }: PortalPages): PageHandler =>
  async (account, req, res) => {
    const quote = await findClientQuote(sequelize, account, uuidParam(req, 'id'));
    await noteClientView(deps, 'quote', quote, req.requestId);
    sendPage(
      res,
      200,
      renderQuotePage(await faceOf(account), await quoteView(account, quote), {
        signed: req.query.signed === '1',
        declined: req.query.declined === '1',
        depositInvoiceId: typeof req.query.deposit === 'string' ? req.query.deposit.slice(0, 36) : null,
      }),
    );
  };

/** The quote signed: back to it with its deposit invoice, or the quote again with the problem. */
const signQuotePage =
  ({ deps, sequelize, faceOf, quoteView }: PortalPages): PageHandler =>
  async (account, req, res) => {
    const id = uuidParam(req, 'id');
    const body = (req.body ?? {}) as Record<string, unknown>;
    try {
      const result = await signClientQuote(deps, account, id, {
        signerName: typeof body.signer_name === 'string' ? body.signer_name : '',
        consent: body.consent === 'true',
        version: typeof body.version === 'string' ? body.version.slice(0, 40) : '',
        ipAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
        userAgent: req.get('user-agent') ?? '',
        requestId: req.requestId,
      });
      const deposit = result.deposit.invoice ? `&deposit=${result.deposit.invoice.id}` : '';
      res.redirect(303, `/portal/quotes/${id}?signed=1${deposit}`);
    } catch (err) {
      if (!(err instanceof DomainError) || err instanceof NotFoundError) throw err;
      const quote = await findClientQuote(sequelize, account, id);
      sendPage(
        res,
        err.code === 'validation_failed' ? 400 : 409,
        renderQuotePage(await faceOf(account), await quoteView(account, quote), { problem: err.message }),
      );
    }
  };

/** The quote declined, with the reason given; or the quote again with the problem. */
const declineQuotePage =
  ({ deps, sequelize, faceOf, quoteView }: PortalPages): PageHandler =>
  async (account, req, res) => {
    const id = uuidParam(req, 'id');
    const reason = (req.body as Record<string, unknown> | undefined)?.reason;
    try {
      await declineClientQuote(
        deps,
        account,
        id,
        typeof reason === 'string' ? reason.slice(0, 1000) : null,
        req.requestId,
      );
      res.redirect(303, `/portal/quotes/${id}?declined=1`);
    } catch (err) {
      if (!(err instanceof DomainError) || err instanceof NotFoundError) throw err;
      const quote = await findClientQuote(sequelize, account, id);
      sendPage(
        res,
        409,
        renderQuotePage(await faceOf(account), await quoteView(account, quote), { problem: err.message }),
      );
    }
  };

/** The quote's pdf. */
const quotePdf =
  ({ deps, sequelize }: PortalPages): PageHandler =>
  async (account, req, res) => {
    const quote = await findClientQuote(sequelize, account, uuidParam(req, 'id'));
    res.redirect(303, (await clientQuotePdfLink(deps, quote, req.requestId)).url);
  };

/** An invoice, with its pay form (noted as viewed). */
const invoicePage =
  ({ deps, sequelize, faceOf, timeZoneOf }: PortalPages): PageHandler =>
  async (account, req, res) => {
    const invoice = await findClientInvoice(sequelize, account, uuidParam(req, 'id'));
    await noteClientView(deps, 'invoice', invoice, req.requestId);
    allowProviderRedirects(res);
    sendPage(
      res,
      200,
      renderInvoicePage(await faceOf(account), presentClientInvoice(invoice, await timeZoneOf(account)), {
        paid: req.query.paid === '1',
        cancelled: req.query.cancelled === '1',
      }),
    );
  };

/** The invoice's pdf. */
const invoicePdf =
  ({ deps, sequelize }: PortalPages): PageHandler =>
  async (account, req, res) => {
    const invoice = await findClientInvoice(sequelize, account, uuidParam(req, 'id'));
    res.redirect(303, (await clientInvoicePdfLink(deps, invoice, req.requestId)).url);
  };

/** The pay form: to the card or wallet provider's page for the balance or an installment, or the invoice again with the problem. */
const payInvoicePage =
  ({ deps, sequelize, faceOf, timeZoneOf }: PortalPages): PageHandler =>
  async (account, req, res) => {
    const id = uuidParam(req, 'id');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const method = body.method === 'wallet' ? 'wallet' : 'card';
    // The installment the page offered (issue 40 §10); absent: the balance.
    const installment =
      typeof body.installment === 'string' && /^\d{1,2}$/.test(body.installment) ? Number(body.installment) : undefined;
    const invoice = await findClientInvoice(sequelize, account, id);
    try {
      const { url } = await startInvoiceCheckout(deps, account, invoice.id, {
        method,
        ...(installment !== undefined ? { installment } : {}),
      });
      // The provider's page is another origin: this page's CSP lets the form's redirect go there.
      res.redirect(303, url);
    } catch (err) {
      if (!(err instanceof DomainError) || err instanceof NotFoundError) throw err;
      allowProviderRedirects(res);
      sendPage(
        res,
        err.code === 'unavailable' ? 503 : 409,
        renderInvoicePage(await faceOf(account), presentClientInvoice(invoice, await timeZoneOf(account)), {
          problem: err.message,
        }),
      );
    }
  };

/** A receipt's pdf, once made. */
const receiptPdf =
  ({ deps, sequelize, faceOf }: PortalPages): PageHandler =>
  async (account, req, res) => {
    const receipt = await findClientReceipt(sequelize, account, uuidParam(req, 'id'));
    if (!receipt.pdf_key) {
      sendPage(res, 503, renderPortalProblem(await faceOf(account), 'receiptPending'));
      return;
    }
    const link = await receiptPdfLink(deps, { ...receipt, pdf_key: receipt.pdf_key });
    res.redirect(303, link.url);
  };

/** A credit note's pdf. */
const creditNotePdf =
  ({ deps, sequelize }: PortalPages): PageHandler =>
  async (account, req, res) => {
    const note = await findClientCreditNote(sequelize, account, uuidParam(req, 'id'));
    res.redirect(303, (await clientCreditNotePdfLink(deps, note, req.requestId)).url);
  };

/** All of the client's data, as one zip. */
const dataExportPage =
  ({ deps, sequelize }: PortalPages): PageHandler =>
  async (account, req, res) => {
    await sendClientDataZip(
      { sequelize, s3: deps.s3, bucket: deps.bucket, logger: deps.logger },
      account,
      res,
      req.requestId,
    );
  };

/**
 * The client's documents in the portal, server-rendered (issue 31 §1–§3): a document link opens a
 * page with one button (mail scanners fetch links first); pressing it spends the link, keeps the
 * client token in an HttpOnly cookie and opens the document. The client lists their documents,
 * reads a quote and signs or declines it, reads an invoice and pays it, downloads their pdfs.
 */
export function buildPortalDocumentsRouter(deps: PortalDocumentsDeps): Router {
  const router = Router();
  const pages = portalPages(deps);
  const { page } = pages;
  router.get('/portal/open/:token', openLinkPage(pages));
  router.post('/portal/open/:token', sameOrigin, redeemLinkPage(pages));
  router.get('/portal/home', page(homePage(pages)));
  router.get('/portal/quotes/:id', page(quotePage(pages)));
  router.post('/portal/quotes/:id/sign', sameOrigin, form, rejectNulCharacters, page(signQuotePage(pages)));
  router.post('/portal/quotes/:id/decline', sameOrigin, form, rejectNulCharacters, page(declineQuotePage(pages)));
  router.get('/portal/quotes/:id/pdf', page(quotePdf(pages)));
  router.get('/portal/invoices/:id', page(invoicePage(pages)));
  router.get('/portal/invoices/:id/pdf', page(invoicePdf(pages)));
  router.post('/portal/invoices/:id/pay', sameOrigin, form, page(payInvoicePage(pages), deps.checkoutLimit));
  router.get('/portal/receipts/:id/pdf', page(receiptPdf(pages)));
  router.get('/portal/credit-notes/:id/pdf', page(creditNotePdf(pages)));
  router.get('/portal/data-export', page(dataExportPage(pages), deps.clientDataLimit));
  router.post('/portal/sign-out', sameOrigin, (_req, res) => {
    res.clearCookie(COOKIE, { path: '/portal' });
    res.redirect(303, '/portal/signed-out');
  });
  router.get('/portal/signed-out', (_req, res) => sendPage(res, 200, renderPortalProblem(NO_FACE, 'signedOut')));
  return router;
}
