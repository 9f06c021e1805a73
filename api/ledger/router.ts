import { Router } from 'express';
import { closeLedgerPeriod } from '../../db/commands/close-ledger-period';
import { findLedgerClosure, listLedgerClosures } from '../../db/queries/ledger-closures';
import { checkLedgerIntegrity } from '../../db/queries/ledger-integrity';
import { writeLedgerExport } from './ledger-export';
import { NotFoundError } from '../../domain/errors';
import { addDays } from '../../domain/invoicing/calendar-date';
import { type PeriodKind } from '../../domain/ledger/closures';
import { pageOffset } from '../../domain/pagination';
import { formatDateInZone } from '../../domain/wall-clock';
import { IdParams } from '../http/common-schemas';
import { type DataRouterDeps, registerRoutes, routesFor } from '../http/route-kit';
import { presentLedgerClosure, presentLedgerIntegrity } from './presenter';
import {
  CloseLedgerPeriodBody,
  LedgerClosureListQuery,
  LedgerClosurePage,
  LedgerClosureView,
  LedgerIntegrityView,
} from './schema';

/** The last period of `kind` that has ended on the studio's clock: yesterday, last month, last calendar year. */
function lastEnded(kind: PeriodKind, timeZone: string): string {
  const yesterday = addDays(formatDateInZone(new Date(), timeZone), -1);
  if (kind === 'DAY') return yesterday;
  if (kind === 'MONTH')
    return `${addDays(`${formatDateInZone(new Date(), timeZone).slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
  return `${Number(yesterday.slice(0, 4)) - (yesterday.endsWith('-12-31') ? 0 : 1)}-01-01`;
}

const tag = 'ledger';
const route = routesFor<DataRouterDeps, DataRouterDeps>();

/** Every route of buildLedgerRouter, in the document's order. */
const LEDGER_ROUTES = [
  route(
    {
      method: 'get',
      path: '/api/ledger/integrity',
      operationId: 'checkLedgerIntegrity',
      summary:
        "Check the studio's ledger: each issued invoice, credit note and payment against the hash its record keeps, the chain, and the closures; names the first break",
      tag,
      auth: 'user',
      response: LedgerIntegrityView,
    },
    ({ sequelize }) =>
      async ({ user }) =>
        presentLedgerIntegrity(await checkLedgerIntegrity(sequelize, user.orgId)),
  ),

  route(
    {
      method: 'post',
      path: '/api/ledger/closures',
      operationId: 'closeLedgerPeriod',
      errors: ['ledger_period_open', 'ledger_period_closed', 'ledger_chain_broken'],
      summary:
        'Close an ended day, month or fiscal year of the ledger: its totals and the chain head, chained to the previous closure (409 if it has not ended; an already closed period answers its closure)',
      tag,
      auth: 'user',
      body: CloseLedgerPeriodBody,
      response: LedgerClosureView,
      status: 201,
      alsoOk: { status: 200, description: 'The period was closed already: its closure, as it was made' },
    },
    ({ sequelize }) =>
      async ({ user, body, res }) => {
        const start = body.period_start ?? lastEnded(body.period_kind, user.timeZone);
        const { closure, created } = await closeLedgerPeriod(sequelize, user.orgId, {
          kind: body.period_kind,
          start,
          end: body.period_end,
        });
        // Asked again (a retry, the daily job was first): the closure as it was made, 200.
        if (!created) res.status(200).json(presentLedgerClosure(closure));
        return presentLedgerClosure(closure);
      },
  ),

  route(
    {
      method: 'get',
      path: '/api/ledger/closures',
      operationId: 'listLedgerClosures',
      summary: "The studio's closures, newest first, with the hashes to keep outside the service",
      tag,
      auth: 'user',
      query: LedgerClosureListQuery,
      response: LedgerClosurePage,
    },
    ({ sequelize }) =>
      async ({ user, query }) => {
        const { items, total } = await listLedgerClosures(sequelize, user.orgId, {
          kind: query.period_kind,
          limit: query.limit,
          offset: pageOffset(query),
        });
        return { items: items.map(presentLedgerClosure), total, page: query.page, limit: query.limit };
      },
  ),

  route(
    {
      method: 'get',
      path: '/api/ledger/closures/:id',
      operationId: 'getLedgerClosure',
      summary: 'One closure of the studio',
      tag,
      auth: 'user',
      params: IdParams,
      response: LedgerClosureView,
    },
    ({ sequelize }) =>
      async ({ user, params }) => {
        const closure = await findLedgerClosure(sequelize, user.orgId, params.id);
        if (!closure) throw new NotFoundError('Ledger closure');
        return presentLedgerClosure(closure);
      },
  ),
  route(
    {
      method: 'get',
      path: '/api/ledger/export',
      operationId: 'exportLedgerChain',
      summary:
        "The studio's whole chain and closures as one JSON file, to keep outside the service and verify with scripts/verify-ledger-chain.mjs (docs/ledger-integrity.md)",
      tag,
      auth: 'user',
      produces: {
        contentType: 'application/json',
        description: 'owner_id, every record (seq order) with its hashes, every closure (closure order)',
      },
    },
    ({ sequelize }) =>
      async ({ user, res }) =>
        writeLedgerExport(sequelize, user.orgId, res),
  ),
];

/** /api/ledger: the studio's chain of issued documents and payments, its check and its closures (issue 32 §6). */
export function buildLedgerRouter(deps: DataRouterDeps): Router {
  return registerRoutes(Router(), deps.kit, LEDGER_ROUTES, deps, deps);
}
