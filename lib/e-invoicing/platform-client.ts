import crypto from 'node:crypto';
import { z } from 'zod';

/**
 * Connector to the studio's approved platform (plateforme agréée, PA) of France's e-invoicing
 * network, over the shape of the AFNOR XP Z12-013 interoperability API as the issue states it
 * (docs/e-invoicing.md, "The platform connector"): OAuth2 client credentials, the Flow service
 * (`POST /v1/flows`, `GET /v1/flows/{id}`, `POST /v1/flows/search`) and the Directory service.
 * Every answer is checked with zod; errors say whether a retry can help.
 */
export interface PlatformConnection {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

/** Syntaxes a flow can carry. */
export const FLOW_SYNTAXES = ['Factur-X', 'CII', 'UBL', 'CDAR', 'E-reporting'] as const;
/** Processing rules: domestic B2B, international B2B, B2C (e-reporting). */
export const PROCESSING_RULES = ['B2B', 'B2BInt', 'B2C'] as const;
/**
 * Flow types used here: an invoice (or credit note) sent, a lifecycle status sent on it, an e-report
 * (issue 32 §4), a supplier's invoice received and the studio's answer to it (§3).
 */
export const FLOW_TYPES = [
  'CustomerInvoice',
  'CustomerInvoiceLC',
  'EReporting',
  'SupplierInvoice',
  'SupplierInvoiceLC',
] as const;

export interface FlowInfo {
  flowSyntax: (typeof FLOW_SYNTAXES)[number];
  processingRule: (typeof PROCESSING_RULES)[number];
  flowType: (typeof FLOW_TYPES)[number];
  /** The studio's own id of what it sends (document id, or document id and status). */
  trackingId: string;
  /** The file's name as the platform keeps it. */
  name: string;
}

const StatusEntry = z.object({
  status: z.string().min(1),
  reason: z.string().nullable().optional(),
  at: z.string().min(1),
});

export const FlowSchema = z.object({
  flowId: z.string().min(1),
  trackingId: z.string().nullable().optional(),
  flowSyntax: z.string(),
  flowType: z.string(),
  processingRule: z.string(),
  direction: z.enum(['In', 'Out']).default('Out'),
  /** The lifecycle status now (Déposée, Rejetée, Approuvée, Encaissée, ...). */
  status: z.string().min(1),
  reason: z.string().nullable().optional(),
  updatedAt: z.string().min(1),
  history: z.array(StatusEntry).default([]),
  /** For a lifecycle flow: the flow it is about. */
  originalFlowId: z.string().nullable().optional(),
  /** The file's name as the sender gave it. */
  name: z.string().nullable().optional(),
});
export type Flow = z.infer<typeof FlowSchema>;

const SearchSchema = z.object({ results: z.array(FlowSchema) });

export const DirectoryEntrySchema = z.object({
  siren: z.string().regex(/^\d{9}$/),
  siret: z
    .string()
    .regex(/^\d{14}$/)
    .nullable()
    .optional(),
  name: z.string(),
  /** The e-invoicing address: the directory line (SIREN, or SIREN_SIRET, or with a routing code). */
  directoryLine: z.string().min(1),
  routingCode: z.string().nullable().optional(),
  /** The platform that receives its invoices (its registration name). */
  platform: z.string().nullable().optional(),
});
export type DirectoryEntry = z.infer<typeof DirectoryEntrySchema>;

/** Why a call failed: `unreachable` and `server` may succeed later; the others will not. */
export type PlatformFailure = 'unreachable' | 'server' | 'unauthorized' | 'not_found' | 'refused' | 'bad_answer';

export class PlatformError extends Error {
  constructor(
    readonly failure: PlatformFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PlatformError';
  }

  /** True when a later attempt may succeed (the platform down, slow, or failing on its side). */
  get retryable(): boolean {
    return this.failure === 'unreachable' || this.failure === 'server';
  }
}

/** The failure an HTTP status means. */
export function classifyStatus(status: number): PlatformFailure {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 408 || status === 429 || status >= 500) return 'server';
  return 'refused';
}

export interface PlatformClient {
  /** Sends a file; answers the flow the platform made (status Déposée, or Rejetée with its reason). */
  sendFlow(file: Buffer, info: FlowInfo): Promise<Flow>;
  getFlow(flowId: string): Promise<Flow>;
  /** A flow's file as the platform received it (an incoming invoice's original). */
  downloadFlow(flowId: string): Promise<Buffer>;
  searchFlows(query: { updatedAfter?: string; direction?: 'In' | 'Out'; trackingId?: string }): Promise<Flow[]>;
  /** A company by SIREN (9 digits) or SIRET (14); null when the directory does not have it. */
  lookupCompany(sirenOrSiret: string): Promise<DirectoryEntry | null>;
}

export interface PlatformClientOptions {
  /** Per request, token included. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export const sha256Hex = (file: Buffer): string => crypto.createHash('sha256').update(file).digest('hex');

/** The failure an answer that is not a success means, with the platform's own words when it gave some. */
async function failureOf(res: Response, what: string): Promise<PlatformError> {
  let detail = '';
  try {
    const body = (await res.json()) as { message?: unknown; error?: unknown };
    detail = typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : '';
  } catch {
    // not JSON: the status says enough
  }
  return new PlatformError(
    classifyStatus(res.status),
    `platform ${what} answered ${res.status}${detail ? `: ${detail.slice(0, 300)}` : ''}`,
    res.status,
  );
}

/** The HTTP side of a studio's platform: its token, and the authorised calls made with it. */
interface PlatformTransport {
  /** An authorised call's answer, when it is a success. */
  authorized(path: string, init: RequestInit, what: string): Promise<Response>;
  /** An authorised call's answer, read with `schema`. */
  call<T>(path: string, init: RequestInit, schema: z.ZodType<T>, what: string): Promise<T>;
}

/**
 * The token is cached until a minute before it expires, and fetched again once when a call answers
 * 401 (revoked or expired early). The secret goes only into the token request's Basic header; no
 * message of an error carries it.
 */
function createPlatformTransport(connection: PlatformConnection, options: PlatformClientOptions): PlatformTransport {
  const base = connection.baseUrl.replace(/\/$/, '');
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  let cached: { token: string; until: number } | undefined;

  async function raw(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new PlatformError('unreachable', `platform ${init.method ?? 'GET'} ${path}: ${(err as Error).message}`);
    }
  }

  async function token(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.token;
    const basic = Buffer.from(`${connection.clientId}:${connection.clientSecret}`).toString('base64');
    const res = await raw('/oauth/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (!res.ok) throw await failureOf(res, 'token');
    const parsed = z
      .object({ access_token: z.string().min(1), expires_in: z.number().positive() })
      .safeParse(await res.json());
    if (!parsed.success) throw new PlatformError('bad_answer', 'platform token answer is not an OAuth2 token');
    cached = { token: parsed.data.access_token, until: Date.now() + Math.max(0, parsed.data.expires_in - 60) * 1000 };
    return cached.token;
  }

  /** An authorised call's answer, when it is a success; a 401 drops the cached token and tries once more with a new one. */
  async function authorized(path: string, init: RequestInit, what: string): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const res = await raw(path, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${await token()}` },
      });
      if (res.status === 401 && attempt === 0) {
        cached = undefined;
        continue;
      }
      if (!res.ok) throw await failureOf(res, what);
      return res;
    }
  }

  async function call<T>(path: string, init: RequestInit, schema: z.ZodType<T>, what: string): Promise<T> {
    const res = await authorized(path, init, what);
    const parsed = schema.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) throw new PlatformError('bad_answer', `platform ${what}: unexpected answer`);
    return parsed.data;
  }

  return { authorized, call };
}

/**
 * A client for one studio's platform: its flows and its directory, called through
 * createPlatformTransport (the token, cached and fetched again once on a 401).
 */
export function createPlatformClient(
  connection: PlatformConnection,
  options: PlatformClientOptions = {},
): PlatformClient {
  const { authorized, call } = createPlatformTransport(connection, options);
  return {
    async sendFlow(file, info) {
      // A new form per attempt: a body is read once.
      const form = new FormData();
      form.append('flowInfo', JSON.stringify({ ...info, sha256: sha256Hex(file) }));
      form.append('file', new Blob([new Uint8Array(file)]), info.name);
      return call('/v1/flows', { method: 'POST', body: form }, FlowSchema, 'send flow');
    },
    getFlow(flowId) {
      return call(`/v1/flows/${encodeURIComponent(flowId)}`, { method: 'GET' }, FlowSchema, 'get flow');
    },
    async downloadFlow(flowId) {
      const res = await authorized(
        `/v1/flows/${encodeURIComponent(flowId)}?docType=Original`,
        { method: 'GET' },
        'download flow',
      );
      try {
        return Buffer.from(await res.arrayBuffer());
      } catch (err) {
        throw new PlatformError('unreachable', `platform download flow: ${(err as Error).message}`);
      }
    },
    async searchFlows(query) {
      const answer = await call(
        '/v1/flows/search',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(query) },
        SearchSchema,
        'search flows',
      );
      return answer.results;
    },
    async lookupCompany(identifier) {
      const kind = identifier.length === 14 ? 'siret' : 'siren';
      try {
        return await call(
          `/v1/directory/${kind}/${encodeURIComponent(identifier)}`,
          { method: 'GET' },
          DirectoryEntrySchema,
          'directory lookup',
        );
      } catch (err) {
        if (err instanceof PlatformError && err.failure === 'not_found') return null;
        throw err;
      }
    },
  };
}
