import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { type S3Client } from '@aws-sdk/client-s3';
import { type Client, type Connection } from '@temporalio/client';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { type Logger } from 'pino';
import { type Registry } from 'prom-client';
import { type Sequelize } from 'sequelize-typescript';
import { type Config } from '../lib/config';
import { buildAdminJobsRouter } from './admin/jobs-router';
import { buildDocumentNumberingRouter } from './document-numbering/router';
import { buildLedgerRouter } from './ledger/router';
import { buildCreditNotesRouter } from './invoicing/credit-notes-router';
import { buildDepositInvoicesRouter } from './invoicing/deposits-router';
import { buildInvoiceIssueRouter, buildInvoicesRouter } from './invoicing/invoices-router';
import { buildInvoicePaymentsRouter } from './invoicing/payments-router';
import { buildQuotesRouter } from './invoicing/quotes-router';
import { buildEInvoiceRouter } from './invoicing/e-invoice-router';
import { buildRemindersRouter } from './invoicing/reminders-router';
import { buildPurchaseInvoicesRouter } from './purchase-invoices/router';
import { buildPaymentsRouters } from './payments/router';
import { createCardProvider } from '../lib/payments/cardprovider';
import { createWalletProvider } from '../lib/payments/walletprovider';
import { createAuthGuards } from './auth/guards';
import { createUserLookup } from './auth/user-lookup';
import { buildAuthRouter } from './auth/router';
import { createTokenService } from './auth/tokens';
import { createClientTokenService } from './auth/client-tokens';
import { createRequireClient } from './client/client-guard';
import { buildClientAccountsRouter } from './client/accounts-router';
import { buildClientDocumentsRouter } from './client/documents-router';
import { buildClientCheckoutRouter } from './client/checkout-router';
import { buildClientDataRouter } from './client/data-router';
import { buildContactFormRouter } from './client/contact-form-router';
import { buildBookingRouter } from './booking/router';
import { buildPublicBookingRouter } from './booking/public-router';
import { buildBookingPagesRouter } from './booking/pages-router';
import { buildBookingChangePagesRouter } from './booking/change-pages-router';
import { buildMiniSessionsRouter } from './booking/mini-sessions-router';
import { buildPortalRouter } from './client/pages-router';
import { buildPortalDocumentsRouter } from './client/document-pages-router';
import { buildCalendarConnectionsRouter } from './calendar-connections/router';
import { buildCalendarFeedsRouter } from './calendar-feeds/router';
import { openCalDavCalendar } from '../lib/calendar/caldav-calendar';
import { buildCompanyProfileRouter } from './company-profile/router';
import { buildEInvoicingRouter } from './e-invoicing/router';
import { createCredentialsCipher } from '../lib/credentials-cipher';
import { createStudioPlatforms } from '../lib/e-invoicing/studio-platform';
import { buildContactsRouter } from './contacts/router';
import { buildContactErasureRouter } from './contacts/erasure-router';
import { buildExportTemplatesRouter } from './export-templates/router';
import { buildExportsRouter } from './exports/router';
import { buildAccountingRouter } from './accounting/router';
import { buildEReportingRouter } from './e-reporting/router';
import { buildImportsRouter } from './imports/router';
import { buildScheduledExportsRouter } from './scheduled-exports/router';
import { httpMetrics } from './http/http-metrics';
import { createRouteKit } from './http/route-kit';
import { readActingPersonFrom } from '../db/audit-actor';
import { actingPerson } from '../lib/log-context';
import { accessLog } from './middleware/access-log';
import { errorHandler, notFoundHandler } from './middleware/error-handler';
import { createRateLimits } from './middleware/rate-limit';
import { rejectNulCharacters } from './middleware/reject-nul';
import { requestId } from './middleware/request-id';
import { refuseLongUrls } from './middleware/refuse-long-urls';
import { generateOpenApiDocument } from './openapi';
import { buildOpsAdminRouter } from './ops/admin-router';
import { buildQueueBoardRouter } from './ops/queue-board/router';
import { buildOpsRouter } from './ops/router';
import { createOpsMetrics } from '../lib/metrics/ops-metrics';
import { taskQueuesInUse } from '../workflows/contracts';
import { buildSessionContactsRouter } from './session-contacts/router';
import { buildSessionTypesRouter } from './session-types/router';
import { buildSessionsRouter } from './sessions/router';
import { buildSmsTemplatesRouter } from './sms-templates/router';
import { buildWorkflowTriggersRouter } from './workflow-triggers/router';
import { buildAutomationsRouter } from './automations/router';
import { buildAutomationTaskRunsRouter } from './automations/task-runs-router';
import { buildAdminSessionInfoTemplatesRouter } from './session-info/admin-templates-router';
import { buildSessionInfoTemplatesRouter } from './session-info/templates-router';
import { buildClientInfoRouter } from './session-info/client-info-router';
import { buildSessionInfoInviteRouter } from './session-info/invite-router';
import { buildTeamRouter } from './teams/router';
import { buildRoadmapRouter } from './session-info/roadmap-router';
import { buildStorageRouters } from './storage/routers';

/** Everything the api needs from the outside, built once by api/main.ts (or a test). */
export interface AppDeps {
  config: Config;
  logger: Logger;
  sequelize: Sequelize;
  temporal: { connection: Connection; client: Client };
  s3: S3Client;
  /** Signs links for S3_PUBLIC_ENDPOINT (never sends a request). */
  publicS3: S3Client;
  registry: Registry;
  /** The auth guard's reading of accounts, when the process shares it (api/main.ts); one of the app's own otherwise. */
  userLookup?: ReturnType<typeof createUserLookup>;
}

/** What the routers share, made once per app: the OpenAPI registry, tokens, the route kit, the payment providers. */
interface AppContext {
  deps: AppDeps;
  config: Config;
  logger: Logger;
  sequelize: Sequelize;
  docs: OpenAPIRegistry;
  tokens: ReturnType<typeof createTokenService>;
  clientTokens: ReturnType<typeof createClientTokenService>;
  kit: ReturnType<typeof createRouteKit>;
  /** The auth guard's reading of accounts, and its `forget` when a membership changes. */
  userLookup: ReturnType<typeof createUserLookup>;
  cardProvider: ReturnType<typeof createCardProvider>;
  walletProvider: ReturnType<typeof createWalletProvider>;
}

/** What the studio's routers made that later routers share: the rate limits, the email count, the studio's platform. */
interface StudioShared {
  limits: ReturnType<typeof createRateLimits>;
  emailLimit: ReturnType<ReturnType<typeof createRateLimits>['create']>;
  studioPlatform: ReturnType<typeof createStudioPlatforms>;
}

/** The Express app: request id → access log → security headers → body limits → routes → 404 → errors. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  useBaseMiddleware(app, deps);
  const ctx = appContext(deps);
  const paymentRouters = buildPaymentsRouters({
    sequelize: ctx.sequelize,
    temporal: deps.temporal.client,
    cardProvider: ctx.cardProvider,
    walletProvider: ctx.walletProvider,
    cardWebhookSecret: ctx.config.CARDPROVIDER_WEBHOOK_SECRET,
    logger: ctx.logger,
    kit: ctx.kit,
  });
  // Payment webhooks read their raw body (signatures are over the exact bytes): before express.json.
  app.use(paymentRouters.webhooks);
  // JSON bodies are small records; uploads go through multipart routes with their own limits.
  app.use(express.json({ limit: '1mb' }));
  app.use(rejectNulCharacters);
  useOpsRouters(app, ctx);
  const shared = useStudioRouters(app, ctx);
  useClientRouters(app, ctx, shared);
  useExportAndAutomationRouters(app, ctx, shared);
  app.use(paymentRouters.payments);
  useInvoicingRouters(app, ctx, shared);
  useDocsAndErrors(app, ctx);
  return app;
}

/** Request id, access log, long urls, security headers, http metrics, and the ops metrics. */
function useBaseMiddleware(app: Express, deps: AppDeps): void {
  const { config, logger, sequelize } = deps;
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY_HOPS);
  app.set('query parser', 'simple');

  app.use(requestId);
  app.use(accessLog(logger));
  app.use(refuseLongUrls);
  app.use(helmet());
  app.use(httpMetrics(deps.registry));
  createOpsMetrics(deps.registry, {
    sequelize,
    temporal: deps.temporal.client,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueues: taskQueuesInUse(),
  });
}

function appContext(deps: AppDeps): AppContext {
  const { config, logger, sequelize } = deps;
  // The audit log names the member of each request (db/audit-actor.ts).
  readActingPersonFrom(actingPerson);
  const docs = new OpenAPIRegistry();
  const tokens = createTokenService(config.JWT_SECRET, config.JWT_TTL_SECONDS);
  const clientTokens = createClientTokenService(config.JWT_SECRET, config.MAGIC_LINK_TTL_MINUTES * 60);
  const userLookup = deps.userLookup ?? createUserLookup(sequelize);
  const kit = createRouteKit(docs, {
    ...createAuthGuards(tokens, config.ADMIN_EMAILS, userLookup),
    requireClient: createRequireClient(sequelize, clientTokens),
  });
  return {
    deps,
    config,
    logger,
    sequelize,
    docs,
    tokens,
    clientTokens,
    kit,
    userLookup,
    cardProvider: createCardProvider(config),
    walletProvider: createWalletProvider(config),
  };
}

/** Health, metrics and ops admin routes, and the queue board. */
function useOpsRouters(app: Express, { deps, config, logger, sequelize, kit }: AppContext): void {
  app.use(
    buildOpsRouter({
      sequelize,
      temporal: deps.temporal.connection,
      temporalNamespace: config.TEMPORAL_NAMESPACE,
      s3: deps.s3,
      bucket: config.S3_BUCKET,
      registry: deps.registry,
    }),
  );
  app.use(buildOpsAdminRouter({ config, logger, kit }));
  app.use(
    buildQueueBoardRouter({
      sequelize,
      temporal: deps.temporal.client,
      namespace: config.TEMPORAL_NAMESPACE,
      taskQueues: taskQueuesInUse(),
      temporalUiUrl: config.TEMPORAL_UI_URL,
      auth: {
        enabled: config.QUEUE_BOARD_BASIC_AUTH_ENABLED,
        user: config.QUEUE_BOARD_BASIC_AUTH_USER,
        password: config.QUEUE_BOARD_BASIC_AUTH_PASSWORD,
      },
      secret: config.JWT_SECRET,
      logger,
    }),
  );
}

/** The studio's own routes: auth, contacts, profile, e-invoicing settings, sessions, templates, invitations, calendar feeds. */
function useStudioRouters(
  app: Express,
  { deps, config, logger, sequelize, kit, tokens, userLookup }: AppContext,
): StudioShared {
  const limits = createRateLimits({ sequelize, config, logger });
  app.use(buildAuthRouter({ sequelize, tokens, adminEmails: config.ADMIN_EMAILS, kit, limits }));
  app.use(buildContactsRouter({ sequelize, kit }));
  app.use(buildContactErasureRouter({ sequelize, kit, s3: deps.s3, bucket: config.S3_BUCKET, logger }));
  app.use(buildCompanyProfileRouter({ sequelize, kit }));
  // The key is read when a secret is kept or used, so a server without one still starts (and answers 503 there).
  const cipher = () => createCredentialsCipher(config.PA_CREDENTIALS_KEY);
  const studioPlatform = createStudioPlatforms(sequelize, cipher);
  app.use(buildEInvoicingRouter({ sequelize, kit, logger, cipher, studioPlatform }));
  app.use(buildSessionsRouter({ sequelize, kit }));
  app.use(buildSessionContactsRouter({ sequelize, kit }));
  app.use(buildSessionTypesRouter({ sequelize, kit }));
  app.use(buildBookingRouter({ sequelize, kit, temporal: deps.temporal.client, logger }));
  app.use(buildExportTemplatesRouter({ sequelize, kit }));
  app.use(buildSessionInfoTemplatesRouter({ sequelize, kit }));
  app.use(buildAdminSessionInfoTemplatesRouter({ sequelize, kit }));
  app.use(buildClientInfoRouter({ sequelize, kit }));
  // One count for every email a studio sends through the api, whatever the document.
  const emailLimit = limits.create('email:send', { per: 'user' });
  app.use(buildSessionInfoInviteRouter({ sequelize, temporal: deps.temporal.client, kit, emailLimit }));
  app.use(
    buildTeamRouter({
      sequelize,
      temporal: deps.temporal.client,
      tokens,
      adminEmails: config.ADMIN_EMAILS,
      kit,
      forgetUser: userLookup.forget,
      emailLimit,
      // A failed acceptance counts as a failed login from that address.
      acceptLimit: limits.create('auth:login', { onlyFailures: true }),
    }),
  );
  app.use(buildRoadmapRouter({ sequelize, temporal: deps.temporal.client, publicS3: deps.publicS3, config, kit }));
  // Per client address and feed: the big calendar services read many studios' feeds from few addresses.
  const readLimit = limits.create('calendar:feed', { extraKey: (req) => String(req.params.token ?? '').slice(0, 64) });
  app.use(buildCalendarFeedsRouter({ sequelize, kit, baseUrl: config.APP_BASE_URL, readLimit }));
  app.use(
    buildCalendarConnectionsRouter({
      kit,
      calendars: {
        sequelize,
        temporal: deps.temporal.client,
        cipher,
        openCalendar: openCalDavCalendar,
        allowPrivateNetwork: config.CALDAV_ALLOW_PRIVATE_NETWORK,
      },
    }),
  );
  return { limits, emailLimit, studioPlatform };
}

/** The client's side: accounts, paying, documents (JSON and pages), data, the link pages, the contact form. */
function useClientRouters(app: Express, ctx: AppContext, { limits }: StudioShared): void {
  const { deps, config, logger, sequelize, kit, clientTokens, cardProvider, walletProvider } = ctx;
  app.use(buildClientAccountsRouter({ sequelize, kit, clientTokens }));
  // Paying from the portal and the receipts (issue 31 §3).
  // Per client account: opening payment pages and downloading all their data cost the studio (the
  // provider's sessions, a zip of every pdf), so a client (or a stolen session) cannot loop on them.
  const checkoutLimit = limits.create('client:checkout', { per: 'client' });
  const clientDataLimit = limits.create('client:data', { per: 'client' });
  app.use(
    buildClientCheckoutRouter({
      sequelize,
      temporal: deps.temporal.client,
      cardProvider,
      walletProvider,
      logger,
      kit,
      publicS3: deps.publicS3,
      config,
      checkoutLimit,
    }),
  );
  const clientDocuments = {
    sequelize,
    temporal: deps.temporal.client,
    s3: deps.s3,
    publicS3: deps.publicS3,
    config,
    logger,
  };
  app.use(buildClientDocumentsRouter({ ...clientDocuments, kit }));
  app.use(
    buildPortalDocumentsRouter({
      ...clientDocuments,
      cardProvider,
      walletProvider,
      clientTokens,
      bucket: config.S3_BUCKET,
      sessionSeconds: config.MAGIC_LINK_TTL_MINUTES * 60,
      checkoutLimit,
      clientDataLimit,
    }),
  );
  app.use(
    buildClientDataRouter({ sequelize, kit, s3: deps.s3, bucket: config.S3_BUCKET, logger, limit: clientDataLimit }),
  );
  app.use(buildPortalRouter({ sequelize, clientTokens, s3: deps.s3, bucket: config.S3_BUCKET, logger }));
  // Per client address and studio: a flood against one studio's form leaves the others' open.
  const contactFormLimit = limits.create('contact:form', {
    extraKey: (req) => String(req.params.tenantSlug ?? '').slice(0, 63),
  });
  app.use(
    buildContactFormRouter({ sequelize, submitLimit: contactFormLimit, s3: deps.s3, bucket: config.S3_BUCKET, logger }),
  );
  useBookingRouters(app, ctx, limits);
}

/** A studio's public booking (issue 45): the JSON routes, the mini-session days and the pages, one limit per address and studio. */
function useBookingRouters(app: Express, ctx: AppContext, limits: StudioShared['limits']): void {
  const { deps, config, logger, sequelize, kit, cardProvider } = ctx;
  // Per client address and studio, as the contact form.
  const bookLimit = limits.create('booking', { extraKey: (req) => String(req.params.slug ?? '').slice(0, 63) });
  const booking = {
    sequelize,
    temporal: deps.temporal.client,
    logger,
    bookLimit,
    cardProvider,
    config,
    s3: deps.s3,
    publicS3: deps.publicS3,
  };
  app.use(buildPublicBookingRouter({ ...booking, kit }));
  app.use(buildMiniSessionsRouter({ ...booking, kit }));
  app.use(buildBookingPagesRouter({ ...booking, s3: deps.s3, bucket: config.S3_BUCKET }));
  app.use(buildBookingChangePagesRouter({ sequelize, logger, bookLimit, s3: deps.s3, bucket: config.S3_BUCKET }));
}

/** Exports (scheduled, sync and async, accounting), e-reporting, automations and their triggers, SMS templates. */
function useExportAndAutomationRouters(
  app: Express,
  { deps, config, sequelize, kit }: AppContext,
  { limits }: StudioShared,
): void {
  app.use(buildScheduledExportsRouter({ sequelize, temporal: deps.temporal.client, kit }));
  app.use(
    buildExportsRouter({ sequelize, temporal: deps.temporal.client, publicS3: deps.publicS3, config, kit, limits }),
  );
  app.use(
    buildAccountingRouter({ sequelize, temporal: deps.temporal.client, publicS3: deps.publicS3, config, kit, limits }),
  );
  app.use(buildEReportingRouter({ sequelize, temporal: deps.temporal.client, kit }));
  app.use(buildAutomationsRouter({ sequelize, temporal: deps.temporal.client, kit }));
  app.use(buildWorkflowTriggersRouter({ sequelize, temporal: deps.temporal.client, kit }));
  app.use(buildAutomationTaskRunsRouter({ sequelize, kit }));
  app.use(buildSmsTemplatesRouter({ sequelize, kit }));
}

/** Legal invoicing, e-invoices, reminders, purchase invoices, numbering, the ledger chain, quotes and invoices, imports. */
function useInvoicingRouters(
  app: Express,
  { deps, config, logger, sequelize, kit, cardProvider }: AppContext,
  { emailLimit, studioPlatform }: StudioShared,
): void {
  // Legal invoicing (issue 20): issue, deposit invoices, the payments ledger, credit notes; in this order.
  const legalInvoicingDeps = {
    sequelize,
    cardProvider,
    kit,
    temporal: deps.temporal.client,
    publicS3: deps.publicS3,
    config,
    logger,
  };
  app.use(buildInvoiceIssueRouter({ ...legalInvoicingDeps, studioPlatform }));
  app.use(buildDepositInvoicesRouter(legalInvoicingDeps));
  app.use(buildInvoicePaymentsRouter(legalInvoicingDeps));
  app.use(buildCreditNotesRouter(legalInvoicingDeps));
  app.use(buildEInvoiceRouter({ kit, sequelize, temporal: deps.temporal.client, publicS3: deps.publicS3, config }));
  app.use(buildRemindersRouter({ sequelize, kit, temporal: deps.temporal.client, logger }));
  app.use(
    buildPurchaseInvoicesRouter({
      sequelize,
      kit,
      s3: deps.s3,
      bucket: config.S3_BUCKET,
      temporal: deps.temporal.client,
    }),
  );
  app.use(buildDocumentNumberingRouter({ sequelize, kit }));
  // The ledger chain of issued documents and payments: its check and closures (issue 32 §6).
  app.use(buildLedgerRouter({ sequelize, kit }));
  // Quotes, then invoices: unscoped and under a session, the routes of each written out.
  const invoicingDeps = {
    sequelize,
    temporal: deps.temporal.client,
    publicS3: deps.publicS3,
    config,
    kit,
    emailLimit,
  };
  app.use(buildQuotesRouter(invoicingDeps));
  app.use(buildInvoicesRouter(invoicingDeps));
  app.use(
    buildImportsRouter({
      sequelize,
      temporal: deps.temporal.client,
      s3: deps.s3,
      publicS3: deps.publicS3,
      config,
      kit,
    }),
  );
}

/** Admin jobs, storage, the OpenAPI document, then 404 and the error handler, last. */
function useDocsAndErrors(app: Express, { deps, config, logger, sequelize, kit, docs }: AppContext): void {
  app.use(buildAdminJobsRouter({ sequelize, temporal: deps.temporal.client, kit }));
  app.use(buildStorageRouters({ config, sequelize, s3: deps.s3, publicS3: deps.publicS3, logger, kit }));

  // Generated on its first reading, not at start: it takes a few hundred ms of CPU that every
  // api process (and every test file's app) would otherwise spend before serving anything.
  let openApiDocument: ReturnType<typeof generateOpenApiDocument> | undefined;
  app.get('/api/docs', (_req, res) => {
    openApiDocument ??= generateOpenApiDocument(docs);
    res.json(openApiDocument);
  });

  app.use(notFoundHandler);
  app.use(errorHandler(logger));
}
