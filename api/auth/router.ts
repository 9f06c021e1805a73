import { Router } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { registerUser } from '../../db/commands/register-user';
import { User } from '../../db/models/User';
import { UnauthorizedError } from '../../domain/errors';
import { type createRouteKit } from '../http/route-kit';
import { createRateLimit } from '../middleware/rate-limit';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { presentUser } from './presenter';
import { AuthResponse, LoginBody, RegisterBody, UserView } from './schema';
import { type TokenService } from './tokens';

export interface AuthRouterDeps {
  sequelize: Sequelize;
  tokens: TokenService;
  adminEmails: string[];
  kit: ReturnType<typeof createRouteKit>;
}

/** Register, log in, and read the current user. */
export function buildAuthRouter({ sequelize, tokens, adminEmails, kit }: AuthRouterDeps): Router {
  const router = Router();
  // Failed logins per address and email: slows password guessing without locking out the owner elsewhere.
  const loginLimit = createRateLimit({
    prefix: 'auth:login',
    windowMs: 15 * 60_000,
    limit: 10,
    onlyFailures: true,
    extraKey: (req) => String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase().slice(0, 255),
  });
  const registerLimit = createRateLimit({ prefix: 'auth:register', windowMs: 60 * 60_000, limit: 30 });

  kit.route(
    router,
    { method: 'post', path: '/api/auth/register', summary: 'Create a studio account', tag: 'auth', auth: 'none', body: RegisterBody, response: AuthResponse, status: 201, before: [registerLimit] },
    async ({ body }) => {
      const user = await registerUser(sequelize, {
        email: body.email,
        passwordHash: await hashPassword(body.password),
        name: body.name,
        locale: body.locale,
        role: adminEmails.includes(body.email) ? 'admin' : 'user',
      });
      return { user: presentUser(user, adminEmails), accessToken: await tokens.issueUserToken(user.id) };
    },
  );

  kit.route(
    router,
    { method: 'post', path: '/api/auth/login', summary: 'Sign in with email and password', tag: 'auth', auth: 'none', body: LoginBody, response: AuthResponse, before: [loginLimit] },
    async ({ body }) => {
      const user = await User.findOne({ where: sequelize.where(sequelize.fn('lower', sequelize.col('email')), body.email) });
      if (!user) {
        await verifyAgainstDummy(body.password);
        throw new UnauthorizedError('Invalid email or password');
      }
      if (!(await verifyPassword(user.password_hash, body.password))) throw new UnauthorizedError('Invalid email or password');
      return { user: presentUser(user, adminEmails), accessToken: await tokens.issueUserToken(user.id) };
    },
  );

  kit.route(router, { method: 'get', path: '/api/auth/me', summary: 'The signed-in user', tag: 'auth', auth: 'user', response: UserView }, async ({ user }) => {
    const row = await User.findByPk(user.id, { rejectOnEmpty: true });
    return presentUser(row, adminEmails);
  });

  return router;
}
