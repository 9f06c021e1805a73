import crypto from 'node:crypto';
import { type Express } from 'express';
import request from 'supertest';
import { saveStudioProfile } from '../factories/invoices';
import { buildUser, type TestUser } from '../factories/users';
import { as } from './auth';

/**
 * A studio in Paris as the booking tests start from: registered in French, a public slug
 * (`<prefix>-<random>`), its hours Monday to Friday 09:00–17:00, and its legal profile.
 */
export async function parisBookingStudio(
  app: Express,
  name: string,
  slugPrefix: string,
): Promise<TestUser & { slug: string }> {
  const studio = await buildUser(app, { name, time_zone: 'Europe/Paris', locale: 'fr-FR' });
  const slug = `${slugPrefix}-${crypto.randomUUID().slice(0, 8)}`;
  await request(app).patch('/api/users/me/preferences').set(as(studio)).send({ tenant_slug: slug }).expect(200);
  await saveStudioProfile(app, studio);
  await request(app)
    .put('/api/users/me/availability')
    .set(as(studio))
    .send({
      time_zone: 'Europe/Paris',
      weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
      overrides: [],
    })
    .expect(200);
  return { ...studio, slug };
}
