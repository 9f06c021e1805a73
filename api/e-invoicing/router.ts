import { Router } from 'express';
import { type Logger } from 'pino';
import { deletePlatformConnection } from '../../db/commands/delete-platform-connection';
import { savePlatformConnection } from '../../db/commands/save-platform-connection';
import { findPlatformConnection } from '../../db/queries/platform-connection';
import {
  findPlatformTransmission,
  invoiceOwned,
  creditNoteOwned,
  listPlatformStatusEvents,
} from '../../db/queries/platform-transmissions';
import { IdParams } from '../http/common-schemas';
import { sirenValid, siretValid } from '../../domain/addons/fr-e-invoicing';
import { ConflictError, NotFoundError, UnavailableError, ValidationError } from '../../domain/errors';
import { CredentialsKeyMissing, type CredentialsCipher } from '../../lib/credentials-cipher';
import { PlatformError, type PlatformClient } from '../../lib/e-invoicing/platform-client';
import { type DataRouterDeps, registerRoutes, routesFor } from '../http/route-kit';
import { presentDirectoryEntry, presentPlatformConnection, presentPlatformStatuses } from './presenter';
import {
  DirectoryEntryView,
  DirectoryParams,
  PlatformConnectionBody,
  PlatformConnectionView,
  PlatformStatusesView,
} from './schema';

export interface EInvoicingRouterDeps extends DataRouterDeps {
  logger: Logger;
  /** The cipher of PA_CREDENTIALS_KEY; throws CredentialsKeyMissing when the key is not set. */
  cipher: () => CredentialsCipher;
  /** The studio's platform client, or null when it has connected none. */
  studioPlatform: (ownerId: string) => Promise<PlatformClient | null>;
}

/** A platform failure as the studio app sees it: credentials refused (409) or the platform not answering (503). */
export function platformFailure(err: unknown): Error {
  if (!(err instanceof PlatformError)) return err as Error;
  if (err.failure === 'unauthorized')
    return new ConflictError(
      'platform_not_configured',
      'Your e-invoicing platform refused the credentials: check the client id and secret',
    );
  return new UnavailableError('Your e-invoicing platform did not answer; try again later');
}

const tag = 'e-invoicing';
const route = routesFor<EInvoicingRouterDeps, EInvoicingRouterDeps>();

/** Every route of buildEInvoicingRouter, in the document's order. */
const E_INVOICING_ROUTES = [
  route(
    {
      method: 'get',
      path: '/api/users/me/e-invoicing-platform',
      operationId: 'getEInvoicingPlatform',
      summary: "The studio's approved e-invoicing platform (404 when none is set; the secret is never answered)",
      tag,
      auth: 'user',
      response: PlatformConnectionView,
    },
    ({ sequelize }) =>
      async ({ user }) => {
        const row = await findPlatformConnection(sequelize, user.orgId);
        if (!row) throw new NotFoundError('E-invoicing platform');
        return presentPlatformConnection(row);
      },
  ),

  route(
    {
      method: 'put',
      path: '/api/users/me/e-invoicing-platform',
      operationId: 'saveEInvoicingPlatform',
      errors: ['unavailable'],
      summary: "Set the studio's approved e-invoicing platform: API base, OAuth2 client id and secret (kept encrypted)",
      tag,
      auth: 'user',
      body: PlatformConnectionBody,
      response: PlatformConnectionView,
    },
    ({ sequelize, logger, cipher }) =>
      async ({ user, body }) => {
        let encrypted: string | null = null;
        if (body.client_secret) {
          try {
            encrypted = cipher().encrypt(body.client_secret);
          } catch (err) {
            if (err instanceof CredentialsKeyMissing) {
              logger.error({ err: err.message }, 'platform credentials cannot be encrypted');
              throw new UnavailableError('Platform credentials cannot be kept on this server (no encryption key set)');
            }
            throw err;
          }
        }
        const row = await savePlatformConnection(sequelize, user.orgId, {
          base_url: body.base_url,
          client_id: body.client_id,
          client_secret_encrypted: encrypted,
        });
        return presentPlatformConnection(row);
      },
  ),

  route(
    {
      method: 'delete',
      path: '/api/users/me/e-invoicing-platform',
      operationId: 'deleteEInvoicingPlatform',
      summary: "Disconnect the studio's e-invoicing platform: documents issued afterwards are not transmitted",
      tag,
      auth: 'user',
      status: 204,
    },
    ({ sequelize }) =>
      async ({ user }) => {
        if (!(await deletePlatformConnection(sequelize, user.orgId))) throw new NotFoundError('E-invoicing platform');
      },
  ),

  route(
    {
      method: 'get',
      path: '/api/e-invoicing/directory/:identifier',
      operationId: 'lookupEInvoicingDirectory',
      errors: ['platform_not_configured', 'unavailable'],
      summary:
        "Look a company up by SIREN or SIRET in the e-invoicing directory, through the studio's platform (409 when none is set, 503 when it does not answer)",
      tag,
      auth: 'user',
      params: DirectoryParams,
      response: DirectoryEntryView,
    },
    ({ logger, studioPlatform }) =>
      async ({ user, params }) => {
        const id = params.identifier;
        if (!(id.length === 9 ? sirenValid(id) : siretValid(id)))
          throw new ValidationError(`${id} is not a valid ${id.length === 9 ? 'SIREN' : 'SIRET'} (check digit)`, [
            { path: 'identifier', message: 'The check digit (Luhn key) does not match' },
          ]);
        const platform = await studioPlatform(user.orgId);
        if (!platform)
          throw new ConflictError(
            'platform_not_configured',
            'Connect your e-invoicing platform first (PUT /api/users/me/e-invoicing-platform)',
          );
        const entry = await platform.lookupCompany(id).catch((err: unknown) => {
          logger.warn({ err: (err as Error).message }, 'e-invoicing directory lookup failed');
          throw platformFailure(err);
        });
        if (!entry) throw new NotFoundError('Company in the e-invoicing directory');
        return presentDirectoryEntry(entry);
      },
  ),

  route(
    {
      method: 'get',
      path: '/api/invoices/:id/platform-statuses',
      operationId: 'listInvoicePlatformStatuses',
      summary:
        "The invoice's transmission to the studio's e-invoicing platform and its lifecycle statuses (Déposée, Rejetée, Approuvée, Encaissée...), oldest first",
      tag,
      auth: 'user',
      params: IdParams,
      response: PlatformStatusesView,
    },
    ({ sequelize }) =>
      async ({ user, params }) => {
        if (!(await invoiceOwned(sequelize, user.orgId, params.id))) throw new NotFoundError('Invoice');
        const [transmission, events] = await Promise.all([
          findPlatformTransmission(sequelize, user.orgId, 'invoice', params.id),
          listPlatformStatusEvents(sequelize, user.orgId, 'invoice', params.id),
        ]);
        return presentPlatformStatuses(transmission, events);
      },
  ),

  route(
    {
      method: 'get',
      path: '/api/credit-notes/:id/platform-statuses',
      operationId: 'listCreditNotePlatformStatuses',
      summary:
        "A credit note's transmission to the studio's e-invoicing platform (that of a B2B invoice's) and its lifecycle statuses, oldest first",
      tag,
      auth: 'user',
      params: IdParams,
      response: PlatformStatusesView,
    },
    ({ sequelize }) =>
      async ({ user, params }) => {
        if (!(await creditNoteOwned(sequelize, user.orgId, params.id))) throw new NotFoundError('Credit note');
        const [transmission, events] = await Promise.all([
          findPlatformTransmission(sequelize, user.orgId, 'credit_note', params.id),
          listPlatformStatusEvents(sequelize, user.orgId, 'credit_note', params.id),
        ]);
        return presentPlatformStatuses(transmission, events);
      },
  ),
];

/**
 * France's e-invoicing network (issue 32): the studio's approved platform (PA) connection under
 * /api/users/me/e-invoicing-platform, and the directory lookup through it.
 */
export function buildEInvoicingRouter(deps: EInvoicingRouterDeps): Router {
  return registerRoutes(Router(), deps.kit, E_INVOICING_ROUTES, deps, deps);
}
