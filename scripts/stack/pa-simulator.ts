import crypto from 'node:crypto';
import http from 'node:http';
import { readBody } from './read-body';
import { type FakeRoute, routeOf } from './routes';
import { extractInvoiceXml } from '../../lib/facturx/extract-xml';
import { parseInvoiceXml } from '../../lib/facturx/read-xml';
import { type Outage, readOutageRequest, refuseCall, EVERY_CLIENT } from './pa-simulator-outages';
import { BUYER_STATUSES, canMove, LIFECYCLE_STATUSES, readCii, rejectionReason } from './pa-simulator-rules';

/**
 * A local approved platform (PA) of France's e-invoicing network, like stripe-mock for cards:
 * the subset of the XP Z12-013 Flow and Directory services the connector uses
 * (lib/e-invoicing/platform-client.ts), with state kept in memory while it runs. It validates what
 * it receives (the file's SHA-256, the Factur-X's embedded CII, the seller, the buyer in the
 * directory) and answers lifecycle statuses; tests drive it through `/_simulator/...`:
 * - `POST /_simulator/directory` {siren, siret?, name} adds a company to the directory;
 * - `POST /_simulator/flows/:id/status` {status, reason?} moves a flow (Approuvée, Refusée, ...);
 * - `POST /_simulator/outage` {seconds?, calls?, client_id?} answers 503 to every platform call (or
 *   to one account's calls) for that long, or for the next `calls` calls; `GET
 *   /_simulator/outage?client_id=` says how many it refused (scripts/stack/pa-simulator-outages.ts);
 * - `POST /_simulator/clients` {client_id, client_secret, siren?} registers an account; with a SIREN,
 *   the invoices deposited for that buyer are delivered to it (and the directory lists it);
 * - `POST /_simulator/incoming` {client_id, syntax, file_base64, name} delivers a supplier's invoice
 *   to a studio's account (an incoming flow, Mise à disposition), as another platform would; the
 *   studio reads it with `GET /v1/flows/{id}?docType=Original` and answers Approuvée, En litige or
 *   Refusée with a `SupplierInvoiceLC` flow, which the seller's flow takes too;
 * - `GET /_simulator/flows` lists every flow it holds, lifecycle flows included.
 * Started by the local stack (`npm start`, the test stack) and by docker-compose (`npx tsx
 * scripts/stack/pa-simulator.ts`, port from PA_SIMULATOR_PORT).
 */
export interface PaSimulatorOptions {
  port: number;
  /** Credentials accepted at the token endpoint, besides those registered by `POST /_simulator/clients`. */
  clientId: string;
  clientSecret: string;
}

interface StatusEntry {
  status: string;
  reason: string | null;
  at: string;
}

export interface SimulatedFlow {
  flowId: string;
  clientId: string;
  trackingId: string | null;
  flowSyntax: string;
  flowType: string;
  processingRule: string;
  direction: 'In' | 'Out';
  status: string;
  reason: string | null;
  updatedAt: string;
  history: StatusEntry[];
  originalFlowId: string | null;
  sha256: string;
  name: string;
  /** For a lifecycle flow: what it says (status, date, amount). */
  lifecycle: Record<string, unknown> | null;
  /** The file as received (an incoming flow's original, read back by the studio). */
  file: Buffer;
}

interface DirectoryCompany {
  siren: string;
  siret: string | null;
  name: string;
}

/** Companies the directory knows from the start (valid SIRENs: Luhn keys). */
export const SEEDED_DIRECTORY: DirectoryCompany[] = [
  { siren: '732829320', siret: '73282932000074', name: 'Agence Lumière SAS' },
  { siren: '552100554', siret: null, name: 'Mariages de France SARL' },
  { siren: '443061841', siret: null, name: 'Événements du Sud SA' },
];

const MAX_BODY = 25 * 1024 * 1024;

/** Reads an invoice file (Factur-X pdf or CII XML): the reason it is rejected (null when deposited) and its buyer. */
async function checkInvoiceFile(
  file: Buffer,
  syntax: string,
  inDirectory: (siren: string) => boolean,
): Promise<{ reason: string | null; buyerSiren: string | null }> {
  const rejected = (reason: string) => ({ reason, buyerSiren: null });
  let xml: string;
  if (syntax === 'Factur-X') {
    const attached = await extractInvoiceXml(new Uint8Array(file)).catch(() => null);
    if (!attached) return rejected('REJ_FORMAT: the pdf carries no factur-x.xml');
    xml = attached.xml;
  } else if (syntax === 'CII') xml = file.toString('utf8');
  else return rejected(`REJ_SYNTAX: this platform takes Factur-X or CII invoices, not ${syntax}`);
  const parsed = parseInvoiceXml(xml);
  if (!parsed.ok) return rejected(`REJ_FORMAT: ${parsed.message}`);
  const read = readCii(parsed.document);
  if (!read.ok) return rejected(`REJ_FORMAT: ${read.reason}`);
  return { reason: rejectionReason(read.facts, inDirectory), buyerSiren: read.facts.buyerSiren };
}

/** What the simulator keeps in memory while it runs. */
interface SimulatorState {
  base: string;
  clients: Map<string, string>;
  tokens: Map<string, string>;
  flows: Map<string, SimulatedFlow>;
  directory: Map<string, DirectoryCompany>;
  /** Accounts that receive the invoices addressed to a SIREN (a client registered with one). */
  recipients: Map<string, string>;
  outages: Map<string, Outage>;
}

/** One request: its URL, its body (a POST's or PUT's), the route's match, the caller's account (past the token), and the answers. */
interface SimulatorCall {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  url: URL;
  raw: Buffer;
  json: () => Record<string, unknown>;
  match: RegExpExecArray | null;
  /** The account of the token the call carries ('' on the test controls). */
  clientId: string;
  send: (status: number, body: unknown) => void;
}

type SimulatorHandler = (state: SimulatorState, call: SimulatorCall) => unknown;

const now = () => new Date().toISOString();

function move(flow: SimulatedFlow, status: string, reason: string | null): void {
  flow.status = status;
  flow.reason = reason;
  flow.updatedAt = now();
  flow.history.push({ status, reason, at: flow.updatedAt });
}

/** A supplier's invoice made available to a studio's account (an incoming flow), from the sender's flow when it went through here. */
function deliver(
  { flows }: SimulatorState,
  clientId: string,
  file: Buffer,
  syntax: string,
  name: string,
  sourceFlowId: string | null,
): SimulatedFlow {
  const flow: SimulatedFlow = {
    flowId: crypto.randomUUID(),
    clientId,
    trackingId: null,
    flowSyntax: syntax,
    flowType: 'SupplierInvoice',
    processingRule: 'B2B',
    direction: 'In',
    status: '',
    reason: null,
    updatedAt: now(),
    history: [],
    originalFlowId: sourceFlowId,
    sha256: crypto.createHash('sha256').update(file).digest('hex'),
    name,
    lifecycle: null,
    file,
  };
  move(flow, 'Mise à disposition', null);
  flows.set(flow.flowId, flow);
  return flow;
}

function view(flow: SimulatedFlow) {
  const { clientId: _clientId, lifecycle: _lifecycle, file: _file, ...rest } = flow;
  return rest;
}

// The test controls (never down).

const setOutage: SimulatorHandler = ({ outages }, { json, send }) => {
  const asked = readOutageRequest(json(), Date.now());
  if ('error' in asked) return send(400, { message: asked.error });
  outages.set(asked.key, asked.outage);
  return send(200, {
    client_id: asked.key === EVERY_CLIENT ? null : asked.key,
    down_until: new Date(asked.outage.until).toISOString(),
    calls: asked.outage.callsLeft,
  });
};

const readOutage: SimulatorHandler = ({ outages }, { url, send }) => {
  const outage = outages.get(url.searchParams.get('client_id') ?? EVERY_CLIENT);
  return send(200, { refused: outage?.refused ?? 0, calls_left: outage?.callsLeft ?? 0 });
};

const addCompany: SimulatorHandler = ({ directory }, { json, send }) => {
  const body = json();
  if (typeof body.siren !== 'string' || !/^\d{9}$/.test(body.siren))
    return send(400, { message: 'siren must be 9 digits' });
  const company = {
    siren: body.siren,
    siret: typeof body.siret === 'string' ? body.siret : null,
    name: typeof body.name === 'string' ? body.name : body.siren,
  };
  directory.set(company.siren, company);
  return send(201, company);
};

const addClient: SimulatorHandler = ({ clients, recipients, directory }, { json, send }) => {
  const body = json();
  if (typeof body.client_id !== 'string' || typeof body.client_secret !== 'string')
    return send(400, { message: 'client_id and client_secret are required' });
  if (body.siren !== undefined && (typeof body.siren !== 'string' || !/^\d{9}$/.test(body.siren)))
    return send(400, { message: 'siren must be 9 digits' });
  clients.set(body.client_id, body.client_secret);
  if (typeof body.siren === 'string') {
    recipients.set(body.siren, body.client_id);
    if (!directory.has(body.siren)) directory.set(body.siren, { siren: body.siren, siret: null, name: body.siren });
  }
  return send(201, { client_id: body.client_id });
};

const addIncoming: SimulatorHandler = (state, { json, send }) => {
  const body = json();
  if (typeof body.client_id !== 'string' || !state.clients.has(body.client_id))
    return send(400, { message: 'client_id must be a registered client' });
  if (typeof body.file_base64 !== 'string') return send(400, { message: 'file_base64 is required' });
  const flow = deliver(
    state,
    body.client_id,
    Buffer.from(body.file_base64, 'base64'),
    typeof body.syntax === 'string' ? body.syntax : 'Factur-X',
    typeof body.name === 'string' ? body.name : 'invoice',
    null,
  );
  return send(201, view(flow));
};

const listFlows: SimulatorHandler = ({ flows }, { send }) =>
  send(200, { flows: [...flows.values()].map((f) => ({ ...view(f), lifecycle: f.lifecycle })) });

const moveFlow: SimulatorHandler = ({ flows }, { json, match, send }) => {
  const flow = flows.get(match![1]);
  if (!flow) return send(404, { message: 'no such flow' });
  const body = json();
  const status = String(body.status ?? '');
  if (!canMove(flow.status, status)) return send(409, { message: `a flow ${flow.status} cannot become ${status}` });
  move(flow, status, typeof body.reason === 'string' ? body.reason : null);
  return send(200, view(flow));
};

const CONTROL_ROUTES: FakeRoute<SimulatorHandler>[] = [
  { method: 'POST', path: '/_simulator/outage', handle: setOutage },
  { method: 'GET', path: '/_simulator/outage', handle: readOutage },
  { method: 'POST', path: '/_simulator/directory', handle: addCompany },
  { method: 'POST', path: '/_simulator/clients', handle: addClient },
  { method: 'POST', path: '/_simulator/incoming', handle: addIncoming },
  { method: 'GET', path: '/_simulator/flows', handle: listFlows },
  { method: 'POST', path: /^\/_simulator\/flows\/([\w-]+)\/status$/, handle: moveFlow },
];

// The platform's API.

function issueToken({ clients, tokens }: SimulatorState, { raw, send }: SimulatorCall, basic: string[]) {
  const [id, secret] = basic;
  if (
    !id ||
    clients.get(id) !== secret ||
    new URLSearchParams(raw.toString('utf8')).get('grant_type') !== 'client_credentials'
  )
    return send(401, { error: 'invalid_client' });
  const token = crypto.randomBytes(24).toString('base64url');
  tokens.set(token, id);
  return send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
}

/** A sent flow's file and its flowInfo, read from the multipart body; null when either is missing or unreadable (the answer sent). */
async function readFlowUpload(
  { base }: SimulatorState,
  { req, raw, clientId, send }: SimulatorCall,
): Promise<SimulatedFlow | null> {
  const form = await new Request(base, {
    method: 'POST',
    headers: { 'content-type': req.headers['content-type'] ?? '' },
    body: new Uint8Array(raw),
  })
    .formData()
    .catch(() => null);
  const file = form?.get('file');
  const infoText = form?.get('flowInfo');
  if (!form || !(file instanceof Blob) || typeof infoText !== 'string') {
    send(400, { message: 'multipart with a file part and a flowInfo part is required' });
    return null;
  }
  let info: Record<string, unknown>;
  try {
    info = JSON.parse(infoText) as Record<string, unknown>;
  } catch {
    send(400, { message: 'flowInfo is not JSON' });
    return null;
  }
  const bytes = Buffer.from(await file.arrayBuffer());
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
  if (info.sha256 !== sha256) {
    send(400, { message: 'flowInfo.sha256 does not match the file' });
    return null;
  }
  for (const key of ['flowSyntax', 'flowType', 'processingRule'])
    if (typeof info[key] !== 'string') {
      send(400, { message: `flowInfo.${key} is required` });
      return null;
    }
  return {
    flowId: crypto.randomUUID(),
    clientId,
    trackingId: typeof info.trackingId === 'string' ? info.trackingId : null,
    flowSyntax: info.flowSyntax as string,
    flowType: info.flowType as string,
    processingRule: info.processingRule as string,
    direction: 'Out',
    status: '',
    reason: null,
    updatedAt: now(),
    history: [],
    originalFlowId: null,
    sha256,
    name: typeof info.name === 'string' ? info.name : 'file',
    lifecycle: null,
    file: bytes,
  };
}

/**
 * A lifecycle status, as JSON, about one of this account's flows: the seller's Encaissée on
 * an invoice it sent, or the buyer's answer (Approuvée, En litige, Refusée) to one it received.
 */
function receiveLifecycle({ flows }: SimulatorState, { clientId, send }: SimulatorCall, flow: SimulatedFlow) {
  const buyer = flow.flowType === 'SupplierInvoiceLC';
  let message: Record<string, unknown>;
  try {
    message = JSON.parse(flow.file.toString('utf8')) as Record<string, unknown>;
  } catch {
    return send(400, { message: 'a lifecycle flow carries a JSON status message' });
  }
  const original = flows.get(String(message.originalFlowId ?? ''));
  if (!original || original.clientId !== clientId || original.direction !== (buyer ? 'In' : 'Out'))
    return send(404, { message: 'no such original flow' });
  const status = String(message.status);
  const reason = typeof message.reason === 'string' ? message.reason : null;
  if (buyer && !BUYER_STATUSES.includes(status))
    return send(400, { message: `a buyer answers ${BUYER_STATUSES.join(', ')}, not ${status}` });
  if (buyer && status !== 'Approuvée' && !reason) return send(400, { message: `${status} needs a reason` });
  if (!canMove(original.status, status))
    return send(409, { message: `a flow ${original.status} cannot become ${status}` });
  flow.originalFlowId = original.flowId;
  flow.lifecycle = message;
  move(flow, 'Déposée', null);
  flows.set(flow.flowId, flow);
  move(original, status, buyer ? reason : null);
  // The seller's platform hears a buyer's answer too: its invoice takes the status.
  const sellers = buyer && original.originalFlowId ? flows.get(original.originalFlowId) : undefined;
  if (sellers && canMove(sellers.status, status)) move(sellers, status, reason);
  return send(201, view(flow));
}

/** An e-report (issue 32 §4): a JSON file with its period and its totals, kept for the tests to read. */
function receiveEReport({ flows }: SimulatorState, { send }: SimulatorCall, flow: SimulatedFlow) {
  let report: Record<string, unknown> | null = null;
  try {
    report = JSON.parse(flow.file.toString('utf8')) as Record<string, unknown>;
  } catch {
    report = null;
  }
  const period = report?.period as { start?: unknown; end?: unknown } | undefined;
  const ok =
    report && typeof period?.start === 'string' && Array.isArray(report.totals) && Array.isArray(report.corrections);
  flow.lifecycle = ok ? report : null;
  move(
    flow,
    ok ? 'Déposée' : 'Rejetée',
    ok ? null : 'REJ_FORMAT: an e-report carries its period, totals and corrections',
  );
  flows.set(flow.flowId, flow);
  return send(201, view(flow));
}

/** An invoice, checked as the platform would; a buyer whose account is here receives it, as the buyer's platform would. */
async function receiveInvoice(state: SimulatorState, { send }: SimulatorCall, flow: SimulatedFlow) {
  const { reason, buyerSiren } = await checkInvoiceFile(flow.file, flow.flowSyntax, (siren) =>
    state.directory.has(siren),
  );
  move(flow, reason ? 'Rejetée' : 'Déposée', reason);
  state.flows.set(flow.flowId, flow);
  const buyerClient = reason || !buyerSiren ? undefined : state.recipients.get(buyerSiren);
  if (buyerClient) deliver(state, buyerClient, flow.file, flow.flowSyntax, flow.name, flow.flowId);
  return send(201, view(flow));
}

const sendFlow: SimulatorHandler = async (state, call) => {
  const flow = await readFlowUpload(state, call);
  if (!flow) return;
  if (flow.flowType === 'CustomerInvoiceLC' || flow.flowType === 'SupplierInvoiceLC')
    return receiveLifecycle(state, call, flow);
  if (flow.flowType === 'EReporting') return receiveEReport(state, call, flow);
  return receiveInvoice(state, call, flow);
};

const searchFlows: SimulatorHandler = ({ flows }, { json, clientId, send }) => {
  const q = json();
  const after = typeof q.updatedAfter === 'string' ? Date.parse(q.updatedAfter) : 0;
  const results = [...flows.values()].filter(
    (f) =>
      f.clientId === clientId &&
      Date.parse(f.updatedAt) > after &&
      (q.direction !== 'In' && q.direction !== 'Out' ? true : f.direction === q.direction) &&
      (typeof q.trackingId !== 'string' || f.trackingId === q.trackingId),
  );
  return send(200, { results: results.map(view) });
};

const getFlow: SimulatorHandler = ({ flows }, { res, url, match, clientId, send }) => {
  const flow = flows.get(match![1]);
  if (!flow || flow.clientId !== clientId) return send(404, { message: 'no such flow' });
  if (url.searchParams.get('docType') === 'Original') {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    return res.end(flow.file);
  }
  return send(200, view(flow));
};

const lookupCompany: SimulatorHandler = ({ directory }, { match, send }) => {
  const [, kind, number] = match!;
  const siren = kind === 'siren' ? number : number.slice(0, 9);
  const company = directory.get(siren);
  if (!company || (kind === 'siret' && company.siret && company.siret !== number))
    return send(404, { message: 'not in the directory' });
  return send(200, {
    siren: company.siren,
    siret: kind === 'siret' ? number : company.siret,
    name: company.name,
    directoryLine: kind === 'siret' ? `${company.siren}_${number}` : company.siren,
    routingCode: null,
    platform: 'PA simulator',
  });
};

/** The API's routes past the token (the caller's account known). */
const API_ROUTES: FakeRoute<SimulatorHandler>[] = [
  { method: 'POST', path: '/v1/flows', handle: sendFlow },
  { method: 'POST', path: '/v1/flows/search', handle: searchFlows },
  { method: 'GET', path: /^\/v1\/flows\/([\w-]+)$/, handle: getFlow },
  { method: 'GET', path: /^\/v1\/directory\/(siren|siret)\/(\d+)$/, handle: lookupCompany },
];

/**
 * One request: the test controls first (never down); then the outage a test asked for, the token
 * endpoint, the caller's token, and the API's routes.
 */
async function answer(state: SimulatorState, call: SimulatorCall) {
  const { req, url, send } = call;
  const path = url.pathname;
  if (path.startsWith('/_simulator/')) {
    const control = routeOf(CONTROL_ROUTES, req.method, path);
    return control
      ? control.route.handle(state, { ...call, match: control.match })
      : send(404, { message: 'not found' });
  }
  const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
    .toString('utf8')
    .split(':');
  const caller =
    path === '/oauth/token' ? basic[0] : state.tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
  if (refuseCall(state.outages, caller, Date.now()))
    return send(503, { message: 'platform unavailable (simulated outage)' });
  if (req.method === 'POST' && path === '/oauth/token') return issueToken(state, call, basic);
  const clientId = state.tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
  if (!clientId) return send(401, { error: 'invalid_token' });
  const found = routeOf(API_ROUTES, req.method, path);
  if (!found) return send(404, { message: 'not found' });
  return found.route.handle(state, { ...call, match: found.match, clientId });
}

export async function startPaSimulator(opts: PaSimulatorOptions): Promise<{ url: string; stop: () => Promise<void> }> {
  const state: SimulatorState = {
    base: `http://127.0.0.1:${opts.port}`,
    clients: new Map([[opts.clientId, opts.clientSecret]]),
    tokens: new Map<string, string>(),
    flows: new Map<string, SimulatedFlow>(),
    directory: new Map(SEEDED_DIRECTORY.map((c) => [c.siren, c])),
    recipients: new Map<string, string>(),
    outages: new Map<string, Outage>(),
  };
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    void (async () => {
      const url = new URL(req.url ?? '/', state.base);
      const raw = req.method === 'POST' || req.method === 'PUT' ? await readBody(req, MAX_BODY) : Buffer.alloc(0);
      const json = () => (raw.length ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {});
      return answer(state, { req, res, url, raw, json, match: null, clientId: '', send });
    })().catch((err: Error) => send(400, { message: err.message }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.port === 0 ? '127.0.0.1' : (process.env.PA_SIMULATOR_HOST ?? '127.0.0.1'), resolve);
  });
  const address = server.address();
  const url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : state.base;
  return { url, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Lifecycle statuses the simulator takes (exported for docs and tests). */
export const SIMULATOR_STATUSES = LIFECYCLE_STATUSES;

// docker-compose runs this file on its own: `tsx scripts/stack/pa-simulator.ts`.
if (require.main === module) {
  void startPaSimulator({
    port: Number(process.env.PA_SIMULATOR_PORT ?? 12113),
    clientId: process.env.PA_SIMULATOR_CLIENT_ID ?? 'studio-local',
    clientSecret: process.env.PA_SIMULATOR_CLIENT_SECRET ?? 'studio-local-secret',
  }).then(({ url }) => console.log(`PA simulator listening on ${url}`));
}
