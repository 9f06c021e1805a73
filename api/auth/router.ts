import { Router } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { authenticateUser } from '../../db/queries/authenticate-user';
import { registerUser } from '../../db/commands/register-user';
import { findUser } from '../../db/queries/users';
import { findStudio } from '../../db/queries/studios';
import { type createRouteKit } from '../http/route-kit';
import { type RateLimits } from '../middleware/rate-limit';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { presentUser } from './presenter';
import { AuthResponse, LoginBody, RegisterBody, UserView } from './schema';
import { type TokenService } from './tokens';
import { type UserRow } from '../../db/rows';

export interface AuthRouterDeps {
  sequelize: Sequelize;
  tokens: TokenService;
  adminEmails: string[];
  kit: ReturnType<typeof createRouteKit>;
  limits: RateLimits;
}

const passwordChecks = { verify: verifyPassword, verifyAgainstDummy };

/** Register, log in, and read the current user. */
export function buildAuthRouter({ sequelize, tokens, adminEmails, kit, limits }: AuthRouterDeps): Router {
  const router = Router();
  /** The answer of a registration or sign-in: the account with its studio's plan, and a token. */
  const signedIn = async (user: UserRow) => ({
    user: presentUser(user, await findStudio(sequelize, user.org_id), adminEmails),
    accessToken: await tokens.issueUserToken(user.id),
  });
  // Failed logins per address and email: slows password guessing without locking out the owner elsewhere.
  const loginLimit = limits.create('auth:login', {
    onlyFailures: true,
    extraKey: (req) =>
      String((req.body as { email?: unknown } | undefined)?.email ?? '')
        .trim()
        .toLowerCase()
        .slice(0, 255),
  });
  const registerLimit = limits.create('auth:register');

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/auth/register',
      operationId: 'register',
      errors: ['email_taken'],
      summary: 'Create a studio account',
      tag: 'auth',
      auth: 'none',
      body: RegisterBody,
      response: AuthResponse,
      status: 201,
      before: [registerLimit],
    },
    async ({ body }) => {
      const user = await registerUser(sequelize, {
        email: body.email,
        passwordHash: await hashPassword(body.password),
        name: body.name,
        locale: body.locale,
        country: body.country,
        timeZone: body.time_zone,
      });
      return signedIn(user);
    },
  );

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/auth/login',
      operationId: 'login',
      summary: 'Sign in with email and password',
      tag: 'auth',
      auth: 'none',
      body: LoginBody,
      response: AuthResponse,
      before: [loginLimit],
    },
    async ({ body }) => {
      const user = await authenticateUser(sequelize, passwordChecks, body);
      return signedIn(user);
    },
  );

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/auth/me',
      operationId: 'getCurrentUser',
      summary: 'The signed-in user',
      tag: 'auth',
      auth: 'user',
      response: UserView,
    },
    async ({ user }) => {
      const person = await findUser(sequelize, user.id);
      return presentUser(person, await findStudio(sequelize, person.org_id), adminEmails);
    },
  );

  return router;
}
