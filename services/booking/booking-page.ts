import { type Sequelize } from 'sequelize-typescript';
import {
  type BookingRow,
  type BookingStudioRow,
  type BookingTypeRow,
  findBookingByTokenHash,
  findBookingStudio,
  listBookableTypes,
} from '../../db/queries/booking';
import { asStudio } from '../../db/studio-context';
import { type Slot } from '../../domain/booking/slots';
import { NotFoundError } from '../../domain/errors';
import { hashToken } from '../../domain/secret-token';
import { findPublicType } from './book-slot';
import { findFreeSlots } from './free-slots';

/** A studio's public booking page: the studio and its session types open to booking; 404 for an unknown slug. */
export async function bookingPage(
  sequelize: Sequelize,
  slug: string,
): Promise<{ studio: BookingStudioRow; types: BookingTypeRow[] }> {
  const studio = await findBookingStudio(sequelize, slug);
  if (!studio) throw new NotFoundError('Studio');
  const types = await asStudio(studio.org_id, () => listBookableTypes(sequelize, studio.org_id));
  return { studio, types };
}

/** The free slots of one of the studio's bookable types starting between from and to, as of now. */
export async function publicSlots(
  sequelize: Sequelize,
  slug: string,
  sessionTypeId: string,
  range: { from: Date; to: Date },
): Promise<{ studio: BookingStudioRow; slots: Slot[] }> {
  const { studio, type } = await findPublicType(sequelize, slug, sessionTypeId);
  const slots = await asStudio(studio.org_id, () =>
    findFreeSlots(sequelize, studio, type, { ...range, now: new Date() }),
  );
  return { studio, slots };
}

/** The booking a client's secret token names, or 404. */
export async function clientBooking(sequelize: Sequelize, token: string): Promise<BookingRow> {
  const booking = await findBookingByTokenHash(sequelize, hashToken(token));
  if (!booking) throw new NotFoundError('Booking');
  return booking;
}
