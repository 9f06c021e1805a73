import { type Express } from 'express';
import request from 'supertest';
import { type Mail } from './mail';

/** The token of the portal link (`/portal/open/<token>`) in an email's text, or null when it has none. */
export function portalTokenIn(mail: Pick<Mail, 'text'>): string | null {
  const match = /\/portal\/open\/([A-Za-z0-9_-]+)/.exec(mail.text);
  return match ? decodeURIComponent(match[1]) : null;
}

/** A client's bearer token, from spending a portal link as the studio app would (single use). */
export async function clientTokenFrom(app: Express, linkToken: string): Promise<string> {
  const res = await request(app).post('/api/client-accounts/magic-link/verify').send({ token: linkToken });
  if (res.status !== 200) throw new Error(`magic link refused: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.accessToken as string;
}

/** The Authorization header of a client's token. */
export const asClient = (token: string) => ({ Authorization: `Bearer ${token}` });
