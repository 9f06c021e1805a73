import crypto from 'node:crypto';
import { type Express } from 'express';
import request from 'supertest';
import { type UserLocale } from '../../domain/accounts/users';
import { FRENCH_STUDIO, saveStudioProfile } from '../factories/invoices';
import { buildUser, type TestUser } from '../factories/users';
import { as } from './auth';

/** Where a booking studio is and what its company profile says. */
export interface BookingStudioPlace {
  timeZone: string;
  locale: UserLocale;
  profile: Record<string, unknown>;
}

const PARIS: BookingStudioPlace = { timeZone: 'Europe/Paris', locale: 'fr-FR', profile: FRENCH_STUDIO };

/**
 * A studio as the booking tests start from: registered in its language, a public slug
 * (`<prefix>-<random>`), its hours Monday to Friday 09:00–17:00 on its clock, and its legal
 * profile; in Paris unless told otherwise.
 */
export async function bookingStudio(
  app: Express,
  name: string,
  slugPrefix: string,
  place: BookingStudioPlace = PARIS,
): Promise<TestUser & { slug: string }> {
  const studio = await buildUser(app, { name, time_zone: place.timeZone, locale: place.locale });
  const slug = `${slugPrefix}-${crypto.randomUUID().slice(0, 8)}`;
  await request(app).patch('/api/users/me/preferences').set(as(studio)).send({ tenant_slug: slug }).expect(200);
  await saveStudioProfile(app, studio, place.profile);
  await request(app)
    .put('/api/users/me/availability')
    .set(as(studio))
    .send({
      time_zone: place.timeZone,
      weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
      overrides: [],
    })
    .expect(200);
  return { ...studio, slug };
}

/** A studio in Paris (bookingStudio's default place). */
export const parisBookingStudio = (app: Express, name: string, slugPrefix: string) =>
  bookingStudio(app, name, slugPrefix);
