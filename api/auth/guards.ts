import { type RequestHandler } from 'express';
import { ForbiddenError, UnauthorizedError } from '../../domain/errors';
import { asPlatform, asStudio } from '../../db/studio-context';
import { assignedScope } from '../../domain/teams/assignments';
import { addToLogContext } from '../../lib/log-context';
import { type AuthUser } from './auth-user';
import { type AuthGuards } from '../http/route-kit';
import { type TokenService } from './tokens';
import { type createUserLookup, type GuardUser } from './user-lookup';

/**
 * Admins are the users whose email is listed in ADMIN_EMAILS, read on every request: removing an
 * address removes the rights at once. The `role` column is not consulted (docs/decisions.md).
 */
export function isAdmin(user: Pick<GuardUser, 'email'>, adminEmails: string[]): boolean {
  return adminEmails.includes(user.email.toLowerCase());
}

/**
 * Bearer-token guards of studio users (the client portal's is in client/client-guard.ts).
 * The token only names the user; the user row is read (through a cache of a few seconds, see
 * user-lookup.ts) so a deleted account is refused within seconds, not when the token expires.
 * ADMIN_EMAILS is applied on every request.
 */
export function createAuthGuards(
  tokens: TokenService,
  adminEmails: string[],
  findUser: ReturnType<typeof createUserLookup>,
): Omit<AuthGuards, 'requireClient'> {
  const requireUser: RequestHandler = async (req, _res, next) => {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new UnauthorizedError('Missing bearer token');
    const userId = await tokens.verifyUserToken(match[1]);
    if (!userId) throw new UnauthorizedError('Invalid or expired token');
    const user = await findUser(userId);
    if (!user) throw new UnauthorizedError('Invalid or expired token');
    const authUser: AuthUser = {
      id: user.id,
      orgId: user.org_id,
      role: user.role,
      email: user.email,
      locale: user.locale,
      timeZone: user.studio_time_zone,
      isAdmin: isAdmin(user, adminEmails),
    };
    req.user = authUser;
    addToLogContext({ userId: user.id });
    // The rest of the request acts for the studio, in the database too (row-level security), and
    // for a member who works only on their assigned sessions, within what they reach.
    asStudio(authUser.orgId, next, assignedScope(authUser.role, authUser.id));
  };
  // The platform admin reads across studios: the platform's setting, not the admin's own studio.
  const requireAdmin: RequestHandler = (req, _res, next) => {
    if (!req.user?.isAdmin) throw new ForbiddenError();
    asPlatform(next);
  };
  return { requireUser, requireAdmin };
}
