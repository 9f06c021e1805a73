import { type S3Client } from '@aws-sdk/client-s3';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import './zod-openapi';
import { type OpenAPIRegistry, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { type Request, type RequestHandler, type Response, type Router } from 'express';
import { z, type ZodType } from 'zod';
import { type ErrorCode } from '../../domain/errors';
import { type AuthUser } from '../auth/auth-user';
import { errorsAnsweredBy } from './documented-errors';
import { STATUS_BY_CODE } from './error-statuses';
import { JsonText } from './json-text';
import { ForbiddenError } from '../../domain/errors';
import { assignedScope, reachesAssignedOnly } from '../../domain/teams/assignments';
import { type Capability, mayDo, rolesThatMay } from '../../domain/teams/permissions';
import { MEMBER_ROLES } from '../../domain/teams/roles';
import { OPERATION_CAPABILITIES } from '../teams/operation-capabilities';
import { type OperationScope, OPERATION_SCOPES } from '../teams/operation-scopes';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One endpoint: its validation schemas double as its OpenAPI description. */
export interface RouteSpec<P, Q, B> {
  method: Method;
  /** Express path, e.g. `/api/contacts/:id`. */
  path: string;
  /**
   * The operation's name in /api/docs, camelCase and unique across the api (`listContacts`,
   * `issueInvoice`): clients generated from the document name their methods after it, so it never
   * changes once published.
   */
  operationId: string;
  summary: string;
  tag: string;
  /**
   * `user`: a studio user's bearer token; `admin`: an admin's; `client`: a client's token from a
   * magic link (client portal); `none`: public.
   */
  auth: 'user' | 'admin' | 'client' | 'none';
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  /** Schema of the success body, for the docs. */
  response?: ZodType;
  /**
   * A success body that is a file the handler streams itself (it writes `res`), not JSON: its media
   * type and what it holds, for the docs (`application/zip`).
   */
  produces?: { contentType: string; description: string };
  /** Success status; 204 sends no body. */
  status?: 200 | 201 | 202 | 204;
  /**
   * Another success the route answers with the same body, and when (a 201 route that answers an
   * existing record with 200): documented beside `status`.
   */
  alsoOk?: { status: 200; description: string };
  /**
   * The error codes (domain/errors.ts) the route answers beyond the ones every route may (400, 401,
   * 403, 404): each documented under its status (api/http/error-statuses.ts) in /api/docs, so the
   * document says every answer the docs describe (issue 40 §19).
   */
  errors?: readonly ErrorCode[];
  /** Middlewares before auth (per-address rate limits). */
  before?: RequestHandler[];
  /** Middlewares after auth, before validation (per-user rate limits, uploads). */
  after?: RequestHandler[];
}

export interface RouteContext<P, Q, B> {
  req: Request;
  res: Response;
  params: P;
  query: Q;
  body: B;
  /** The signed-in user; present on `user` and `admin` routes. */
  user: AuthUser;
}

export interface AuthGuards {
  requireUser: RequestHandler;
  requireAdmin: RequestHandler;
  /** Sets the client account of a client portal request (a client token, not a user's). */
  requireClient: RequestHandler;
}

/** The error body every route answers with (DESIGN.md), one `Error` component the answers refer to. */
const ErrorBodySchema = z
  .object({
    statusCode: z.number(),
    error: z.string(),
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
    requestId: z.string(),
  })
  .openapi('Error');

/** The reason phrase a documented error status starts its description with. */
const STATUS_TEXT: Record<number, string> = {
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Unprocessable',
  429: 'Too many requests',
  500: 'Failed',
  503: 'Unavailable',
  504: 'Still running',
};

/** camelCase: a method name in every client language. */
const OPERATION_ID = /^[a-z][a-zA-Z0-9]*$/;

/**
 * Registers routes on an Express router and their description in the OpenAPI registry, so the
 * document at /api/docs is generated from the very schemas that validate requests.
 * A route reads as a chain: before (per-address limits) → auth → after (per-user limits, uploads) → validate → handler.
 */
export function createRouteKit(docs: OpenAPIRegistry, guards: AuthGuards) {
  const operationIds = new Set<string>();
  /** Adds the route to the document; a malformed or repeated operationId stops the app from starting. */
  function register<P, Q, B>(spec: RouteSpec<P, Q, B>): void {
    if (!OPERATION_ID.test(spec.operationId))
      throw new Error(`operationId ${spec.operationId} (${spec.method} ${spec.path}) is not camelCase`);
    if (operationIds.has(spec.operationId))
      throw new Error(`operationId ${spec.operationId} (${spec.method} ${spec.path}) is used twice`);
    operationIds.add(spec.operationId);
    docs.registerPath(describe(spec));
  }

  function route<P = Record<string, never>, Q = Record<string, never>, B = undefined>(
    router: Router,
    spec: RouteSpec<P, Q, B>,
    handler: (ctx: RouteContext<P, Q, B>) => Promise<unknown>,
  ): void {
    const chain: RequestHandler[] = [...(spec.before ?? [])];
    const scope = spec.auth === 'user' ? scopeOf(spec) : 'studio';
    if (spec.auth === 'user') chain.push(guards.requireUser, requireCapability(capabilityOf(spec)));
    if (spec.auth === 'admin') chain.push(guards.requireUser, guards.requireAdmin);
    if (spec.auth === 'client') chain.push(guards.requireClient);
    chain.push(...(spec.after ?? []));

    chain.push(async (req, res) => {
      // Parse errors are ZodErrors: the error handler turns them into 400 with the issues.
      const params = spec.params ? spec.params.parse(req.params) : ({} as P);
      const query = spec.query ? spec.query.parse(req.query) : ({} as Q);
      const body = spec.body ? spec.body.parse(req.body ?? {}) : (undefined as B);
      if (typeof scope === 'object') requireNamedRecord(req.user as AuthUser, scope, { params, body });
      const result = await handler({ req, res, params, query, body, user: req.user as AuthUser });
      if (res.headersSent) return;
      const status = spec.status ?? 200;
      if (status === 204) res.status(204).end();
      else if (result instanceof JsonText) res.status(status).type('json').send(result.text);
      else res.status(status).json(result);
    });
    router[spec.method](spec.path, ...chain);

    register(spec);
  }

  /**
   * Describes a route that is wired by hand (a webhook reading its raw body before express.json):
   * it still appears in /api/docs with its body and answers.
   */
  function document<P, Q, B>(spec: RouteSpec<P, Q, B>): void {
    register(spec);
  }

  return { route, document };
}

/** The capability a studio user's route needs (api/teams/operation-capabilities.ts); a route missing there stops the app from starting. */
function capabilityOf<P, Q, B>(spec: RouteSpec<P, Q, B>): Capability {
  const capability = OPERATION_CAPABILITIES[spec.operationId];
  if (!capability)
    throw new Error(
      `operationId ${spec.operationId} (${spec.method} ${spec.path}) has no capability in the permission matrix`,
    );
  return capability;
}

/**
 * How far a studio route reaches for a member who works only on their assigned sessions
 * (api/teams/operation-scopes.ts): a route such a role may call and missing there stops the app.
 */
function scopeOf<P, Q, B>(spec: RouteSpec<P, Q, B>): OperationScope {
  const scope = OPERATION_SCOPES[spec.operationId];
  if (scope) return scope;
  const capability = capabilityOf(spec);
  if (MEMBER_ROLES.some((role) => reachesAssignedOnly(role) && mayDo(role, capability)))
    throw new Error(
      `operationId ${spec.operationId} (${spec.method} ${spec.path}) has no reach in api/teams/operation-scopes.ts`,
    );
  return 'studio';
}

/**
 * For a member who works only on their assigned sessions: the request must name the record it
 * works on (403 otherwise). Whether they reach it is the database's answer, in the handler's own
 * statement: their requests run with `app.member_id` set (api/auth/guards.ts), and the
 * `member_reach` policies hide from them any session, contact or quote outside their reach, which
 * the handler then answers 404 as for another studio's (db/migrations/…member-reach.ts). Checked
 * after validation, so a malformed id is the 400 it is for everyone; nothing is read here.
 */
function requireNamedRecord(
  user: AuthUser,
  scope: Exclude<OperationScope, string>,
  input: { params: unknown; body: unknown },
): void {
  if (!assignedScope(user.role, user.id)) return;
  for (const field of Object.values(scope)) {
    const [from, name] = field.startsWith('body.') ? [input.body, field.slice(5)] : [input.params, field];
    if (typeof (from as Record<string, unknown> | undefined)?.[name] !== 'string')
      throw new ForbiddenError(
        `A member with the role ${user.role} works on their assigned sessions: name one (${name})`,
      );
  }
}

/** Refuses (403 `forbidden`) a member whose role lacks the capability: one policy, domain/teams/permissions.ts. */
function requireCapability(capability: Capability): RequestHandler {
  return (req, _res, next) => {
    const role = (req.user as AuthUser).role;
    if (!mayDo(role, capability))
      throw new ForbiddenError(`A member with the role ${role} may not do this (${capability})`);
    next();
  };
}

function describe<P, Q, B>(spec: RouteSpec<P, Q, B>): RouteConfig {
  const errors: RouteConfig['responses'] = {};
  const errorResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: ErrorBodySchema } },
  });
  if (spec.params || spec.query || spec.body) errors[400] = errorResponse('Invalid input');
  if (spec.auth !== 'none') errors[401] = errorResponse('Missing or invalid token');
  if (spec.auth === 'admin') errors[403] = errorResponse('Not an admin');
  const capability = spec.auth === 'user' ? capabilityOf(spec) : null;
  if (capability) errors[403] = errorResponse(`The member's role may not do this (needs \`${capability}\`)`);
  if (spec.params) errors[404] = errorResponse('Not found, or not yours');
  const byStatus = new Map<number, ErrorCode[]>();
  const marked = [...(spec.before ?? []), ...(spec.after ?? [])].flatMap(errorsAnsweredBy);
  for (const code of new Set([...(spec.errors ?? []), ...marked]))
    byStatus.set(STATUS_BY_CODE[code], [...(byStatus.get(STATUS_BY_CODE[code]) ?? []), code]);
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const described = errors[status] as { description?: string } | undefined;
    const list = codes.map((c) => `\`${c}\``).join(', ');
    errors[status] = errorResponse(
      `${described?.description ? `${described.description}; or ` : `${STATUS_TEXT[status] ?? 'Error'}: `}${list}`,
    );
  }
  const status = spec.status ?? 200;
  const success: ResponseConfig = spec.produces
    ? {
        description: spec.produces.description,
        content: { [spec.produces.contentType]: { schema: { type: 'string' as const, format: 'binary' } } },
      }
    : spec.response && status !== 204
      ? { description: 'Success', content: { 'application/json': { schema: spec.response } } }
      : { description: 'Success' };
  return {
    method: spec.method,
    path: spec.path.replace(/[:*](\w+)/g, '{$1}'),
    operationId: spec.operationId,
    summary: spec.summary,
    tags: [spec.tag],
    security: spec.auth === 'none' ? [] : [{ [spec.auth === 'client' ? 'clientAuth' : 'bearerAuth']: [] }],
    ...(capability ? { 'x-capability': capability, 'x-roles': rolesThatMay(capability, MEMBER_ROLES) } : {}),
    request: {
      // Params and query schemas are always z.object(...); the generic signature only loses that.
      params: spec.params as z.ZodObject | undefined,
      query: spec.query as z.ZodObject | undefined,
      body: spec.body ? { content: { 'application/json': { schema: spec.body } } } : undefined,
    },
    responses: {
      [status]: success,
      ...(spec.alsoOk ? { [spec.alsoOk.status]: { ...success, description: spec.alsoOk.description } } : {}),
      ...errors,
    },
  };
}

/** The route kit a router declares its routes with. */
export type RouteKit = ReturnType<typeof createRouteKit>;

/**
 * A route declared at module level, apart from the router it joins (docs/architecture.md,
 * "Routers"): its spec, or a function of the router's deps for a spec holding one of their
 * middlewares (a per-user limit), and the handler it takes from the router's handlers `H`.
 */
export interface RouteEntry<H, D> {
  register(router: Router, kit: RouteKit, handlers: H, deps: D): void;
}

/** The entry maker of a router whose handlers are `H` and deps `D`: a router is then a table of entries. */
export function routesFor<H, D>() {
  return <P = Record<string, never>, Q = Record<string, never>, B = undefined>(
    spec: RouteSpec<P, Q, B> | ((deps: D) => RouteSpec<P, Q, B>),
    handler: (handlers: H) => (ctx: RouteContext<P, Q, B>) => Promise<unknown>,
  ): RouteEntry<H, D> => ({
    register: (router, kit, handlers, deps) =>
      kit.route(router, typeof spec === 'function' ? spec(deps) : spec, handler(handlers)),
  });
}

/** Registers `entries` on `router` in their order, which is the OpenAPI document's order. */
export function registerRoutes<H, D>(
  router: Router,
  kit: RouteKit,
  entries: readonly RouteEntry<H, D>[],
  handlers: H,
  deps: D,
): Router {
  for (const entry of entries) entry.register(router, kit, handlers, deps);
  return router;
}

/** What a router that only reads and writes the database needs: the one sequelize and the route kit. */
export interface DataRouterDeps {
  sequelize: Sequelize;
  kit: RouteKit;
}

/** A router that also reads or removes stored objects: the S3 client, the bucket, and a logger for what storage refuses. */
export interface StorageRouterDeps extends DataRouterDeps {
  s3: S3Client;
  bucket: string;
  logger: Logger;
}
