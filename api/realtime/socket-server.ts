import type http from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import { type Pool } from 'pg';
import { type Logger } from 'pino';
import { Server } from 'socket.io';
import { ownerRoom } from '../../workflows/exports/contract';
import { type TokenService } from '../auth/tokens';
import { type GuardUser } from '../auth/user-lookup';

export interface RealtimeDeps {
  tokens: TokenService;
  findUser: (id: string) => Promise<GuardUser | null>;
  /** Events from the worker and the other api processes arrive through PostgreSQL (NOTIFY). */
  pool: Pool;
  logger: Logger;
}

/**
 * Socket.IO on the api's HTTP server. A client authenticates with the same bearer token as the
 * REST api (`auth: { token }` in the handshake, or an Authorization header) and joins its
 * owner's room, where async exports push `export.completed` / `export.failed`. With several api
 * processes, clients should use the websocket transport (polling needs sticky sessions).
 */
export function attachRealtime(server: http.Server, { tokens, findUser, pool, logger }: RealtimeDeps): Server {
  const io = new Server(server, { adapter: createAdapter(pool), serveClient: false });
  io.use(async (socket, next) => {
    const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const header = /^Bearer\s+(\S+)$/i.exec(socket.handshake.headers.authorization ?? '')?.[1];
    const token = typeof fromAuth === 'string' ? fromAuth : header;
    const userId = token ? await tokens.verifyUserToken(token) : undefined;
    const user = userId ? await findUser(userId) : null;
    if (!user) return next(new Error('unauthorized: a valid bearer token is required'));
    socket.data.userId = user.id;
    next();
  });
  io.on('connection', (socket) => {
    void socket.join(ownerRoom(socket.data.userId as string));
    logger.debug({ userId: socket.data.userId }, 'realtime client connected');
  });
  return io;
}
