import { type Express } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import request from 'supertest';
import { ensureClientAccount } from '../../db/commands/ensure-client-account';
import { issueMagicLink } from '../../db/commands/issue-magic-link';
import { Contact } from '../../db/models/Contact';

/** A client signed in to the portal: the bearer token `as(client)` sends, and the account's ids. */
export interface PortalClient {
  token: string;
  accountId: string;
  contactId: string;
  email: string;
}

/**
 * Signs the contact `contactId` (which has an email) in to the client portal as a magic link would:
 * its client account (created on first need), a link for the portal as a whole (or for
 * `sessionId`), spent through POST /api/client-accounts/magic-link/verify.
 */
export async function clientPortalToken(
  app: Express,
  sequelize: Sequelize,
  contactId: string,
  { sessionId = null, ttlMinutes = 60 }: { sessionId?: string | null; ttlMinutes?: number } = {},
): Promise<PortalClient> {
  const contact = await Contact.findByPk(contactId, { rejectOnEmpty: true });
  const account = await ensureClientAccount(sequelize, contact);
  const link = await issueMagicLink(sequelize, account.id, sessionId, ttlMinutes);
  const res = await request(app).post('/api/client-accounts/magic-link/verify').send({ token: link.token });
  if (res.status !== 200) throw new Error(`magic link verify failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.accessToken as string, accountId: account.id, contactId, email: contact.email! };
}
