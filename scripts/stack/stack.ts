import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { startMailDev } from './mail';
import { startStripeMock } from './stripe-mock';
import { startWalletFake } from './wallet-fake';
import { startPaSimulator } from './pa-simulator';
import { ensureRadicale, LOCAL_CALENDAR, startRadicale } from './radicale';
import { startPostgres } from './postgres';
import { ensureBucket, startS3 } from './s3';
import { startTemporal } from './temporal';
import { type GoTool, prepareTool, stopToolBuilds } from './tools';
import { type Managed } from './process';
import { startPart, StartError } from './start-error';
import { type Supervisor } from './supervisor';
import { freePort, isListening } from './wait';

export const repoRoot = path.resolve(__dirname, '..', '..');

/** One part of the local stack that is running, and where a person can reach it. */
export interface StackPart {
  name: string;
  urls: Record<string, string>;
  stop: () => Promise<void>;
}

export interface LocalStack {
  /** Variables for the api and worker processes (what loadConfig reads). */
  env: Record<string, string>;
  parts: StackPart[];
  stop: () => Promise<void>;
}

export interface StackOptions {
  /** Where data and logs go; `npm start` keeps it, tests use a throw-away folder. */
  dataDir: string;
  /** dev: default ports, persistent data, Web UI. test: free ports, in-memory Temporal, no UI. */
  mode: 'dev' | 'test';
  /** The caller's environment: any URL already set there is used instead of a local server. */
  env: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /**
   * Watches each server process once it is up and restarts it when it exits (`npm start`, whose
   * data is on disk). Without it (the test stack, throw-away data) a part that dies stays down.
   */
  supervisor?: Supervisor;
  /** Temporal namespaces made at start beside `default` (the test stack's lanes). */
  temporalNamespaces?: string[];
}

const S3_LOCAL_KEY = 'studio-local';
const S3_PART = 'S3 (Versity Gateway)';
/** The user `npm start`'s api and workers log in as: not the tables' owner (docs/teams.md). */
const SERVICE_LOGIN = 'studio_service';

/** A random secret kept in the data folder, so restarts keep existing tokens valid (and encrypted values readable). */
function persistedSecret(dataDir: string, name = 'jwt-secret', bytes = 48): string {
  const file = path.join(dataDir, name);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(bytes).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The port `name` asks for (or the dev default, or a free one), refused at once when something already listens there. */
async function port(
  part: string,
  env: NodeJS.ProcessEnv,
  name: string,
  devDefault: number,
  mode: StackOptions['mode'],
): Promise<number> {
  if (!env[name] && mode === 'test') return freePort();
  const chosen = env[name] ? Number(env[name]) : devDefault;
  if (!Number.isInteger(chosen) || chosen < 1 || chosen > 65535)
    throw new StartError(part, `${name}=${env[name]} is not a port number`);
  if (await isListening(chosen))
    throw new StartError(part, `port ${chosen} is already in use (set ${name} to another port)`);
  return chosen;
}

/** `<what> ready in 2.1 s`: the launcher's per-step timing (docs/operations.md, "Where a cold start goes"). */
export function stepTime(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

/**
 * Starts the one-time steps for the servers the stack will run, side by side: installing or
 * building `temporal`, `versitygw` and `stripe-mock` (docs/operations.md). Each promise is
 * awaited where its part starts, so a failure is reported under that part's name; until then a
 * rejection is held (never an unhandled rejection).
 */
export function prepareTools(names: GoTool[], log: (line: string) => void): Partial<Record<GoTool, Promise<string>>> {
  const out: Partial<Record<GoTool, Promise<string>>> = {};
  for (const name of names) {
    const prepared = prepareTool(name, log);
    prepared.catch(() => {});
    out[name] = prepared;
  }
  return out;
}

/** What each part's start shares: the options, the variables and parts gathered so far, the watcher and the tools. */
interface StackContext {
  dataDir: string;
  logDir: string;
  mode: StackOptions['mode'];
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  temporalNamespaces?: string[];
  out: Record<string, string>;
  parts: StackPart[];
  /** The part's stop: its first process's, or, when supervised, whichever process is current. */
  watched: (
    name: string,
    current: Managed,
    restart: () => Promise<Managed>,
    stopFirst?: () => Promise<void>,
  ) => () => Promise<void>;
  tool: (name: GoTool) => Promise<string>;
  /** Radicale's python, installed beside the other parts' start (the first time on a machine). */
  radicalePython: () => Promise<string>;
}

async function startLocalPostgres({ dataDir, logDir, mode, env, log, out, parts, watched }: StackContext) {
  const pgPort = await port('PostgreSQL', env, 'POSTGRES_PORT', 5433, mode);
  log(`Starting PostgreSQL on ${pgPort}...`);
  const pgOptions = { stackDataDir: dataDir, port: pgPort, database: 'studio', persistent: mode === 'dev', logDir };
  const pgStarted = Date.now();
  const pg = await startPart('PostgreSQL', () => startPostgres(pgOptions));
  log(`PostgreSQL ready in ${stepTime(pgStarted)}`);
  if (mode === 'dev') {
    // `npm start` runs the service as production should (issue 44 §3): the migrations as the
    // tables' owner, the api and workers under a login of their own, a member of the app role,
    // which the migrator provides with this password (db/service-login.ts). Kept in the data folder
    // like the other local secrets. The test stack keeps one URL, the owner's, which the tests'
    // own set-up uses; its services act as the app role by SET ROLE.
    const login = new URL(pg.url);
    login.username = SERVICE_LOGIN;
    login.password = persistedSecret(dataDir, 'database-service-password', 24);
    out.MIGRATION_DATABASE_URL = pg.url;
    out.DATABASE_URL = login.toString();
  } else out.DATABASE_URL = pg.url;
  // A restart runs only once the old postmaster has exited (its pid file and shared memory are free).
  const pgStop = watched('PostgreSQL', pg.server, async () => (await startPostgres(pgOptions)).server, pg.stop);
  parts.push({
    name: 'PostgreSQL',
    urls: { database: pg.url.replace(/:[^:@/]+@/, ':***@'), data: pg.dataDir },
    stop: pgStop,
  });
}

async function startLocalTemporal(ctx: StackContext) {
  const { dataDir, logDir, mode, env, log, out, parts, watched, tool } = ctx;
  const grpcPort = await port('Temporal', env, 'TEMPORAL_PORT', 7233, mode);
  const uiPort = mode === 'dev' ? await port('Temporal', env, 'TEMPORAL_UI_PORT', 8233, mode) : undefined;
  const bin = await startPart('Temporal', () => tool('temporal'));
  log(`Starting Temporal on ${grpcPort} (${bin})...`);
  const temporalOptions = {
    port: grpcPort,
    uiPort,
    dbFile: mode === 'dev' ? path.join(dataDir, 'temporal.db') : undefined,
    logDir,
    namespaces: ctx.temporalNamespaces,
    bin,
  };
  const temporalStarted = Date.now();
  const temporal = await startPart('Temporal', () => startTemporal(temporalOptions));
  log(`Temporal ready in ${stepTime(temporalStarted)}`);
  out.TEMPORAL_ADDRESS = `127.0.0.1:${grpcPort}`;
  const urls: Record<string, string> = { gRPC: out.TEMPORAL_ADDRESS };
  if (uiPort) {
    out.TEMPORAL_UI_URL = `http://127.0.0.1:${uiPort}`;
    urls['Web UI'] = out.TEMPORAL_UI_URL;
  }
  // Restarted on the same SQLite file only after the old server has exited (else SQLITE_BUSY).
  parts.push({ name: 'Temporal', urls, stop: watched('Temporal', temporal, () => startTemporal(temporalOptions)) });
}

async function startLocalS3({ dataDir, logDir, mode, env, log, out, parts, watched, tool }: StackContext) {
  const s3Port = await port(S3_PART, env, 'S3_PORT', 7070, mode);
  const bin = await startPart(S3_PART, () => tool('versitygw'));
  log(`Starting the S3 server on ${s3Port}...`);
  const s3Options = {
    bin,
    port: s3Port,
    dataDir: path.join(dataDir, 's3'),
    logDir,
    accessKeyId: S3_LOCAL_KEY,
    secretAccessKey: `${S3_LOCAL_KEY}-secret`,
  };
  const s3Started = Date.now();
  const s3 = await startPart(S3_PART, () => startS3(s3Options));
  log(`S3 server ready in ${stepTime(s3Started)}`);
  out.S3_ENDPOINT = `http://127.0.0.1:${s3Port}`;
  out.S3_ACCESS_KEY_ID = S3_LOCAL_KEY;
  out.S3_SECRET_ACCESS_KEY = `${S3_LOCAL_KEY}-secret`;
  parts.push({
    name: S3_PART,
    urls: { endpoint: out.S3_ENDPOINT },
    stop: watched(S3_PART, s3, () => startS3(s3Options)),
  });
}

/** The bucket, on the local S3 server or the one the environment names. */
async function ensureStackBucket({ env, out }: StackContext) {
  await startPart('S3 bucket', () =>
    ensureBucket({
      endpoint: env.S3_ENDPOINT ?? out.S3_ENDPOINT,
      region: env.S3_REGION ?? 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID ?? out.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? out.S3_SECRET_ACCESS_KEY,
      bucket: env.S3_BUCKET ?? 'studio',
    }),
  );
}

async function startLocalMail({ logDir, mode, env, log, out, parts, watched }: StackContext) {
  const smtpPort = await port('MailDev', env, 'MAILDEV_SMTP_PORT', 1025, mode);
  const webPort = await port('MailDev', env, 'MAILDEV_WEB_PORT', 1080, mode);
  log(`Starting MailDev on ${smtpPort}/${webPort}...`);
  const mail = await startPart('MailDev', () => startMailDev({ smtpPort, webPort, logDir }));
  const mailStop = watched('MailDev', mail, () => startMailDev({ smtpPort, webPort, logDir }));
  out.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  out.MAILDEV_URL = `http://127.0.0.1:${webPort}`;
  parts.push({ name: 'MailDev', urls: { SMTP: out.SMTP_URL, 'web UI': out.MAILDEV_URL }, stop: mailStop });
}

async function startLocalStripeMock({ logDir, mode, env, log, out, parts, watched, tool }: StackContext) {
  const stripePort = await port('stripe-mock', env, 'STRIPE_MOCK_PORT', 12111, mode);
  const bin = await startPart('stripe-mock', () => tool('stripe-mock'));
  log(`Starting stripe-mock on ${stripePort}...`);
  const mock = await startPart('stripe-mock', () => startStripeMock({ port: stripePort, logDir, bin }));
  const mockStop = watched('stripe-mock', mock, () => startStripeMock({ port: stripePort, logDir, bin }));
  out.CARDPROVIDER_API_BASE = `http://127.0.0.1:${stripePort}`;
  parts.push({ name: 'stripe-mock', urls: { API: out.CARDPROVIDER_API_BASE }, stop: mockStop });
}

async function startLocalWalletFake({ mode, env, log, out, parts }: StackContext) {
  const walletPort = await port('wallet fake', env, 'WALLET_FAKE_PORT', 12112, mode);
  log(`Starting the wallet provider fake on ${walletPort}...`);
  // The credentials the api and worker will use (config defaults unless the caller set them).
  const fake = await startPart('wallet fake', () =>
    startWalletFake({
      port: walletPort,
      clientId: env.WALLETPROVIDER_CLIENT_ID ?? 'studio-local',
      clientSecret: env.WALLETPROVIDER_CLIENT_SECRET ?? 'studio-local-secret',
      webhookId: env.WALLETPROVIDER_WEBHOOK_ID ?? 'WH-STUDIO-LOCAL',
    }),
  );
  out.WALLETPROVIDER_API_BASE = fake.url;
  parts.push({ name: 'wallet fake', urls: { API: fake.url }, stop: fake.stop });
}

async function startLocalRadicale(ctx: StackContext) {
  const { dataDir, logDir, mode, env, log, out, parts, watched } = ctx;
  const radicalePort = await port('Radicale', env, 'RADICALE_PORT', 5232, mode);
  const python = await startPart('Radicale', ctx.radicalePython);
  log(`Starting Radicale (CalDAV) on ${radicalePort}...`);
  const start = () => startRadicale({ port: radicalePort, dataDir, logDir, python });
  const radicale = await startPart('Radicale', start);
  const radicaleStop = watched('Radicale', radicale.managed, async () => (await start()).managed);
  out.RADICALE_URL = radicale.url;
  // The local calendar server is on loopback: a member may connect it (lib/config.ts).
  if (!env.CALDAV_ALLOW_PRIVATE_NETWORK) out.CALDAV_ALLOW_PRIVATE_NETWORK = 'true';
  parts.push({
    name: 'Radicale',
    urls: {
      CalDAV: radicale.url,
      calendar: `${radicale.calendarUrl} (${LOCAL_CALENDAR.username} / ${LOCAL_CALENDAR.password})`,
    },
    stop: radicaleStop,
  });
}

async function startLocalPaSimulator({ mode, env, log, out, parts }: StackContext) {
  const paPort = await port('PA simulator', env, 'PA_SIMULATOR_PORT', 12113, mode);
  log(`Starting the e-invoicing platform (PA) simulator on ${paPort}...`);
  // A studio connects it with these credentials (docs/e-invoicing.md); the simulator keeps its state in memory.
  const simulator = await startPart('PA simulator', () =>
    startPaSimulator({ port: paPort, clientId: 'studio-local', clientSecret: 'studio-local-secret' }),
  );
  out.PA_SIMULATOR_URL = simulator.url;
  parts.push({ name: 'PA simulator', urls: { API: simulator.url }, stop: simulator.stop });
}

/** The secrets the environment does not set: kept in the data folder in dev, or tokens and encrypted values would not survive a restart. */
function stackSecrets({ dataDir, mode, env, out }: StackContext) {
  // The key that encrypts the studios' platform credentials: kept in the data folder, or they could not be read after a restart.
  if (!env.PA_CREDENTIALS_KEY)
    out.PA_CREDENTIALS_KEY =
      mode === 'dev'
        ? persistedSecret(dataDir, 'pa-credentials-key', 32)
        : crypto.randomBytes(32).toString('base64url');

  if (!env.JWT_SECRET)
    out.JWT_SECRET = mode === 'dev' ? persistedSecret(dataDir) : crypto.randomBytes(48).toString('base64url');
}

/**
 * Brings up whatever the environment does not already point at: PostgreSQL, Temporal (with its
 * Web UI in dev), an S3-compatible server with the bucket, an SMTP sink, stripe-mock, the
 * wallet provider fake and the e-invoicing platform (PA) simulator. The one-time
 * steps (the tools' install or build) run side by side with PostgreSQL's start; the parts
 * themselves start one after another (2 cores), and everything already started is stopped if a
 * later part fails.
 */
export async function startLocalStack({
  dataDir,
  mode,
  env,
  log = () => {},
  supervisor,
  temporalNamespaces,
}: StackOptions): Promise<LocalStack> {
  fs.mkdirSync(dataDir, { recursive: true });
  const logDir = path.join(dataDir, 'logs');
  fs.mkdirSync(logDir, { recursive: true });
  const out: Record<string, string> = {};
  const parts: StackPart[] = [];
  // All parts at once (each is signalled before the first await): a launcher stops on Ctrl-C and
  // should not wait for the parts one after another.
  const stop = async () => {
    stopToolBuilds();
    await Promise.all(
      parts.map((part) => part.stop().catch((err: Error) => log(`${part.name} did not stop cleanly: ${err.message}`))),
    );
  };
  const watched: StackContext['watched'] = (name, current, restart, stopFirst = current.stop) =>
    supervisor ? supervisor.watch({ name, current, restart }).stop : stopFirst;

  // Only what will run: a URL set in the environment needs no local server, hence no tool.
  const needed: GoTool[] = [];
  if (!env.TEMPORAL_ADDRESS) needed.push('temporal');
  if (!env.S3_ENDPOINT) needed.push('versitygw');
  if (!env.CARDPROVIDER_API_BASE) needed.push('stripe-mock');
  const tools = prepareTools(needed, log);
  const tool = (name: GoTool) => tools[name] ?? Promise.reject(new Error(`${name} was not prepared`));
  // Radicale's venv, made while PostgreSQL and the rest start (the first time only).
  const radicaleInstall = env.RADICALE_URL ? undefined : ensureRadicale(log);
  radicaleInstall?.catch(() => undefined);
  const radicalePython = () => radicaleInstall ?? Promise.reject(new Error('Radicale was not prepared'));
  const ctx: StackContext = {
    dataDir,
    logDir,
    mode,
    env,
    log,
    temporalNamespaces,
    out,
    parts,
    watched,
    tool,
    radicalePython,
  };

  try {
    if (!env.DATABASE_URL) await startLocalPostgres(ctx);
    if (!env.TEMPORAL_ADDRESS) await startLocalTemporal(ctx);
    if (!env.S3_ENDPOINT) await startLocalS3(ctx);
    await ensureStackBucket(ctx);
    if (!env.SMTP_URL) await startLocalMail(ctx);
    if (!env.CARDPROVIDER_API_BASE) await startLocalStripeMock(ctx);
    if (!env.WALLETPROVIDER_API_BASE) await startLocalWalletFake(ctx);
    if (!env.PA_SIMULATOR_URL) await startLocalPaSimulator(ctx);
    if (!env.RADICALE_URL) await startLocalRadicale(ctx);
    stackSecrets(ctx);
  } catch (err) {
    await stop();
    throw err;
  }
  return { env: out, parts, stop };
}
