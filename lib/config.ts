import { z } from 'zod';
import { APP_ROLE_NAME, DEFAULT_APP_ROLE } from '../db/app-role';

/**
 * A rate limit's setting, `count/seconds` (e.g. `10/60`: ten requests per minute). The default
 * goes through the same parsing as a value from the environment.
 */
function rateLimitSetting(defaultValue: `${number}/${number}`) {
  return z
    .string()
    .regex(/^\s*[1-9]\d*\s*\/\s*[1-9]\d*\s*$/, 'must be count/seconds with two positive integers, e.g. 10/60')
    .default(defaultValue)
    .transform((value) => {
      const [count, seconds] = value.split('/').map((part) => Number(part.trim()));
      return { count, seconds };
    });
}

/** An http(s) address, or empty for "not configured". */
function optionalUrl() {
  return z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default('');
}

/**
 * The variable of each rate limit, by the spec's key prefix: `RATE_LIMIT_` and the prefix upper-cased
 * with `:` as `_`. api/middleware/rate-limit.ts reads a limit's count and window through this map.
 */
export const RATE_LIMIT_VARIABLES = {
  'auth:login': 'RATE_LIMIT_AUTH_LOGIN',
  'auth:register': 'RATE_LIMIT_AUTH_REGISTER',
  'export:sync': 'RATE_LIMIT_EXPORT_SYNC',
  'export:async': 'RATE_LIMIT_EXPORT_ASYNC',
  'email:send': 'RATE_LIMIT_EMAIL_SEND',
  'contact:form': 'RATE_LIMIT_CONTACT_FORM',
  'client:checkout': 'RATE_LIMIT_CLIENT_CHECKOUT',
  'client:data': 'RATE_LIMIT_CLIENT_DATA',
  booking: 'RATE_LIMIT_BOOKING',
  'calendar:feed': 'RATE_LIMIT_CALENDAR_FEED',
} as const;
export type RateLimitPrefix = keyof typeof RATE_LIMIT_VARIABLES;

/**
 * Every setting the service reads from the environment, parsed once.
 * The launcher (`npm start`, the test set-up) fills in local defaults before this runs;
 * in production every URL is given explicitly (see docker-compose.yml).
 */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
  // The tables' owner, for the migrations alone; unset or empty: DATABASE_URL's user owns the
  // tables and the service acts as DATABASE_APP_ROLE by SET ROLE (docs/teams.md, "The roles").
  MIGRATION_DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  ),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  // The role the service acts as (row-level security applies to it); the migrations create it.
  DATABASE_APP_ROLE: z.string().regex(APP_ROLE_NAME, 'must be a plain lower-case identifier').default(DEFAULT_APP_ROLE),
  TEMPORAL_ADDRESS: z.string().regex(/^[\w.-]+:\d+$/, 'must be host:port'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_UI_URL: z.url().default('http://127.0.0.1:8233'),
  S3_ENDPOINT: z.url(),
  /** The object store as browsers reach it; signed links carry this host. Unset or empty: S3_ENDPOINT. */
  S3_PUBLIC_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1),
  S3_SECRET_ACCESS_KEY: z.string().min(1),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
    .default('studio'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }),
  MAIL_FROM: z.string().min(3).default('Studio <no-reply@studio.local>'),
  /** Card provider (Stripe API): secret key, webhook endpoint secret, API base (stripe-mock locally). */
  CARDPROVIDER_SECRET_KEY: z.string().min(8).default('sk_test_studiolocal'),
  CARDPROVIDER_WEBHOOK_SECRET: z.string().min(8).default('whsec_studio_local'),
  CARDPROVIDER_API_BASE: z.url().default('http://127.0.0.1:12111'),
  /** Wallet provider (Orders v2 style REST API): OAuth client credentials, webhook id, API base (the local fake). */
  WALLETPROVIDER_CLIENT_ID: z.string().min(1).default('studio-local'),
  WALLETPROVIDER_CLIENT_SECRET: z.string().min(1).default('studio-local-secret'),
  WALLETPROVIDER_WEBHOOK_ID: z.string().min(1).default('WH-STUDIO-LOCAL'),
  WALLETPROVIDER_API_BASE: z.url().default('http://127.0.0.1:12112'),
  /**
   * The key (32 bytes, base64 or base64url) that encrypts each studio's e-invoicing platform
   * credentials at rest (AES-256-GCM). `npm start` keeps a generated one in its data folder.
   */
  PA_CREDENTIALS_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64url').length === 32, 'must be 32 bytes in base64 or base64url')
    .optional(),
  /** The local PA simulator (`npm start`), shown to studios as the platform to try; empty in production. */
  PA_SIMULATOR_URL: optionalUrl(),
  /** How often the service asks each studio's platform for new lifecycle statuses (seconds). */
  PA_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  JWT_TTL_SECONDS: z.coerce.number().int().min(60).max(2592000).default(86400),
  /** Lifetime of a client-portal magic link (single use); the portal token it yields lives as long. */
  MAGIC_LINK_TTL_MINUTES: z.coerce.number().int().min(5).max(43_200).default(4_320),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  APP_BASE_URL: z.url().default('http://127.0.0.1:3000'),
  /** A studio's own host for client links when its plan has the studio page: `%s` stands for its tenant slug. */
  TENANT_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^/]*%s/, 'must be an http(s) address whose host contains %s (the tenant slug)')
    .default('http://%s.localhost:3000'),
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** The task queues this worker process polls: all, a comma list, or all minus some (all,-exports). */
  WORKER_TASK_QUEUES: z.string().default('all'),
  /**
   * Run workflow code on the worker's main thread instead of Temporal's one thread per task queue
   * (each thread is a V8 isolate of its own, about 35 MB resident). docker-compose turns it on for
   * the exports worker, whose memory is capped (docs/decisions.md).
   */
  WORKER_WORKFLOWS_IN_MAIN_THREAD: z.stringbool().default(false),
  /**
   * How far V8 lets a worker's heap grow past what its last full collection kept, in percent
   * (V8's --heap-growing-percent, which NODE_OPTIONS refuses; set when the worker starts). V8's
   * own choice (0) lets a burst of events leave hundreds of MB of garbage resident: 100 (a full
   * collection once the heap doubles) held the general worker at 371 MB where it reached 561 MB,
   * and 25 at 290 MB for a quarter more CPU per event (docs/performance.md, issue 43), without a cap
   * that a large xlsx import would hit.
   */
  WORKER_HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(400).default(100),
  /**
   * The workflow code bundled ahead of time (`node dist/workers/bundle-workflows-child.js <file>`,
   * as the image does): the worker reads it instead of bundling at start (a few seconds of CPU
   * and a child process). Empty: bundled at start.
   */
  WORKFLOW_BUNDLE_FILE: z.string().default(''),
  /** Trust X-Forwarded-For from this many proxies (rate limits key on the client address). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** api processes sharing PORT (node:cluster); 1 runs no cluster at all. */
  API_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  /** Failed logins per client address and email. */
  RATE_LIMIT_AUTH_LOGIN: rateLimitSetting('10/900'),
  /** Registrations per client address. */
  RATE_LIMIT_AUTH_REGISTER: rateLimitSetting('30/3600'),
  /** Synchronous exports per user (spec: 10 per minute). */
  RATE_LIMIT_EXPORT_SYNC: rateLimitSetting('10/60'),
  /** Asynchronous exports per user (spec: 5 per minute). */
  RATE_LIMIT_EXPORT_ASYNC: rateLimitSetting('5/60'),
  /** Email sends per user: quotes, invoices and session info invitations (each may mail several recipients). */
  RATE_LIMIT_EMAIL_SEND: rateLimitSetting('60/3600'),
  /** Public contact form submissions per client address and studio (docs/contact-form.md). */
  RATE_LIMIT_CONTACT_FORM: rateLimitSetting('10/3600'),
  /** Payment pages a client opens (card or wallet checkout) per client account (docs/client-payments.md). */
  RATE_LIMIT_CLIENT_CHECKOUT: rateLimitSetting('30/3600'),
  /** Downloads of all their data per client account (docs/data-retention.md): a zip of every document. */
  RATE_LIMIT_CLIENT_DATA: rateLimitSetting('10/3600'),
  /** Bookings a visitor makes on a studio's public booking page, per client address and studio (docs/booking.md). */
  RATE_LIMIT_BOOKING: rateLimitSetting('30/3600'),
  /**
   * Reads of a calendar feed per client address and feed address (docs/booking.md): a calendar app
   * polls every few minutes at most; the addresses of the big calendar services read many feeds each.
   */
  RATE_LIMIT_CALENDAR_FEED: rateLimitSetting('60/3600'),
  /** How long GET /api/export waits for its file before answering 504 with the job to poll. */
  EXPORT_SYNC_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(300).default(60),
  /** Above this many rows a synchronous csv or excel export is refused: use /api/export/async. */
  EXPORT_SYNC_MAX_ROWS: z.coerce.number().int().min(1).default(50_000),
  /** The same for pdf, whose rendering costs far more per row. */
  EXPORT_SYNC_MAX_ROWS_PDF: z.coerce.number().int().min(1).default(5_000),
  /** Lifetime of export links given to the app (spec: at most 3600 s). */
  EXPORT_LINK_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(3600),
  /** Lifetime of the links scheduled exports mail (spec: up to one week for specific cases). */
  EXPORT_EMAIL_LINK_TTL_SECONDS: z.coerce.number().int().min(3600).max(604_800).default(604_800),
  /** Exports and other temporary files (exports/, pdfs/ai-reports/, temp/) older than this are deleted by the daily cleanup. */
  EXPORT_RETENTION_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
  /** Largest avatar or logo upload, in bytes (413 above). */
  USER_IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  /** The Chromium that renders pdf exports (Debian's package by default; never downloaded). */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** Rows a pdf export may hold; past it the export fails and says to use csv or excel. */
  EXPORT_PDF_MAX_ROWS: z.coerce.number().int().min(1).max(100000).default(5000),
  /**
   * Whether a member's CalDAV calendar may be at an address of a private network (loopback, 10/8,
   * 192.168/16…). Off: an address a member types cannot make the service call its own network.
   * `npm start` and the test stack turn it on for their local Radicale.
   */
  CALDAV_ALLOW_PRIVATE_NETWORK: z.stringbool().default(false),
  /** The queue board /ops/queues asks for a password (HTTP basic auth) unless this is false. */
  QUEUE_BOARD_BASIC_AUTH_ENABLED: z.stringbool().default(true),
  QUEUE_BOARD_BASIC_AUTH_USER: z.string().min(1).default('ops'),
  /** Empty: the board answers 503 until one is set (`npm start` makes one up and prints it). */
  QUEUE_BOARD_BASIC_AUTH_PASSWORD: z.string().default(''),
  /** Addresses GET /ops/status checks (explicit hosts only, never taken from a request); empty: not configured. */
  OPS_QUEUE_BOARD_URL: optionalUrl(),
  OPS_DASHBOARD_URL: optionalUrl(),
  OPS_METRICS_URL: optionalUrl(),
  /** Alert channels of POST /observability/alerts/test (Alertmanager has its own copy in docker-compose). */
  ALERT_CHAT_WEBHOOK_URL: optionalUrl(),
  ALERT_PAGING_WEBHOOK_URL: optionalUrl(),
  ALERT_WEBHOOK_URL: optionalUrl(),
  ALERT_EMAIL_TO: z.union([z.literal(''), z.email()]).default(''),
  /** Where workflow SMS go: `local` appends them to SMS_LOCAL_OUTBOX_FILE; `http` sends through a Twilio-style REST API. */
  SMS_PROVIDER: z.enum(['local', 'http']).default('local'),
  SMS_LOCAL_OUTBOX_FILE: z.string().min(1).default('.data/sms/outbox.jsonl'),
  SMS_HTTP_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.twilio.com'),
  SMS_HTTP_ACCOUNT_SID: z.string().default(''),
  SMS_HTTP_AUTH_TOKEN: z.string().default(''),
  /** The sender: a phone number or an alphanumeric sender id the provider accepts. */
  SMS_FROM: z.string().min(1).max(20).default('Studio'),
  /** Rows Chromium lays out per page.pdf call (memory grows faster than linearly with a page's rows). */
  EXPORT_PDF_CHUNK_ROWS: z.coerce.number().int().min(50).max(2000).default(1000),
});

export type Config = z.infer<typeof ConfigSchema>;

/** Settings that only make sense together, checked after each variable parsed. */
const ConfigRules = ConfigSchema.superRefine((c, ctx) => {
  if (c.SMS_PROVIDER === 'http') {
    for (const name of ['SMS_HTTP_ACCOUNT_SID', 'SMS_HTTP_AUTH_TOKEN'] as const) {
      if (!c[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required when SMS_PROVIDER is http' });
    }
  }
});

/** Every variable the service reads (README's table and docker-compose.yml list the same). */
export const CONFIG_VARIABLES = Object.keys(ConfigSchema.shape) as (keyof Config)[];

/**
 * The variables of the migration step alone (compose's `migrate`, the chart's migration Job,
 * `npm start`'s own migration): an api or worker process never holds the tables' owner's password.
 */
export const MIGRATION_ONLY_VARIABLES: readonly (keyof Config)[] = ['MIGRATION_DATABASE_URL'];

/** Raised when the environment cannot be used; its message is one line naming the variable. */
export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError whose message names every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigRules.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = issue.path.join('.');
    const value = env[name];
    return value === undefined || value === '' ? `${name} is missing` : `${name} is invalid (${issue.message})`;
  });
  throw new ConfigError(`Configuration error: ${problems.join('; ')}`);
}
