import { type Request, type RequestHandler } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { findClientAccount } from '../../db/queries/client-accounts';
import { asStudio } from '../../db/studio-context';
import { type ClientAccountRow } from '../../db/rows';
import { UnauthorizedError } from '../../domain/errors';
import { type ClientTokenService } from '../auth/client-tokens';

/** Requests under /api/client-accounts/me carry the signed-in client account. */
export const clientAccountOf = (req: Request): ClientAccountRow =>
  (req as Request & { clientAccount: ClientAccountRow }).clientAccount;

/** Bearer client token → the account row (read each time, so a deleted contact closes the portal). */
export function createRequireClient(sequelize: Sequelize, tokens: ClientTokenService): RequestHandler {
  return async (req, _res, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
    if (!match) throw new UnauthorizedError('Missing bearer token');
    const id = await tokens.verifyClientToken(match[1]);
    const account = id ? await findClientAccount(sequelize, id) : null;
    if (!account) throw new UnauthorizedError('Invalid or expired token');
    (req as Request & { clientAccount: ClientAccountRow }).clientAccount = account;
    // A client sees one studio's documents: the database holds the request to that studio too.
    asStudio(account.owner_id, next);
  };
}
