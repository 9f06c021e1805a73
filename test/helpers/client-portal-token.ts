import { type Express } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import request from 'supertest';
import { ensureClientAccount } from '../../db/commands/ensure-client-account';
import { issueMagicLink } from '../../db/commands/issue-magic-link';
import { Contact } from '../../db/models/Contact';

/**
 * A client portal token for one contact, as the invitation gives it: the contact's client account
 * (made on first need), a magic link for one of its sessions, spent at
 * POST /api/client-accounts/magic-link/verify. `{ token }` goes into `as(...)` like a user's.
 */
export async function clientPortalToken(
  t: { app: Express; sequelize: Sequelize },
  contactId: string,
  sessionId: string,
): Promise<{ token: string; accountId: string }> {
  const contact = await Contact.findByPk(contactId);
  if (!contact) throw new Error(`no contact ${contactId}`);
  const account = await ensureClientAccount(t.sequelize, contact);
  const link = await issueMagicLink(t.sequelize, account.id, sessionId, 60);
  const res = await request(t.app).post('/api/client-accounts/magic-link/verify').send({ token: link.token });
  if (res.status !== 200) throw new Error(`magic link verify failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.accessToken as string, accountId: account.id };
}
