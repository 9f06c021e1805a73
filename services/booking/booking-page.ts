import { type Sequelize } from 'sequelize-typescript';
import {
  type BookingRow,
  type BookingStudioRow,
  type BookingTypeRow,
  findBookingByTokenHash,
  findBookingStudio,
  findBookingStudioById,
  findBookingType,
  listBookableTypes,
} from '../../db/queries/booking';
import { listMiniSessionEvents, type MiniSessionEventRow } from '../../db/queries/mini-sessions';
import { asStudio } from '../../db/studio-context';
import { localDate } from '../../domain/booking/local-time';
import { type Slot } from '../../domain/booking/slots';
import { NotFoundError } from '../../domain/errors';
import { hashToken } from '../../domain/secret-token';
import { findPublicType } from './book-slot';
import { findFreeSlots } from './free-slots';

/** How many mini-session days the public page lists. */
const LISTED_MINI_DAYS = 20;

/**
 * A studio's public booking page: the studio, its session types open to booking and its
 * mini-session days from today on (the studio's today) of those types; 404 for an unknown slug.
 */
export async function bookingPage(
  sequelize: Sequelize,
  slug: string,
): Promise<{ studio: BookingStudioRow; types: BookingTypeRow[]; minis: MiniSessionEventRow[] }> {
  const studio = await findBookingStudio(sequelize, slug);
  if (!studio) throw new NotFoundError('Studio');
  const [types, minis] = await asStudio(studio.org_id, () =>
    Promise.all([
      listBookableTypes(sequelize, studio.org_id),
      listMiniSessionEvents(sequelize, studio.org_id, {
        fromDay: localDate(new Date(), studio.time_zone),
        bookableOnly: true,
        limit: LISTED_MINI_DAYS,
      }),
    ]),
  );
  return { studio, types, minis };
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

/** A client's booking with its studio and type, as the steps after booking need them. */
export interface ClientBookingContext {
  booking: BookingRow;
  studio: BookingStudioRow;
  type: BookingTypeRow;
}

/**
 * The booking a client's token names, with its studio and type, and `then` run as that studio;
 * 404 for an unknown token (or a studio or type gone).
 */
export async function withClientBooking<T>(
  sequelize: Sequelize,
  token: string,
  then: (context: ClientBookingContext) => Promise<T>,
): Promise<T> {
  const booking = await clientBooking(sequelize, token);
  return asStudio(booking.owner_id, async () => {
    const [studio, type] = await Promise.all([
      findBookingStudioById(sequelize, booking.owner_id),
      findBookingType(sequelize, booking.owner_id, booking.session_type_id),
    ]);
    if (!studio || !type) throw new NotFoundError('Booking');
    return then({ booking, studio, type });
  });
}
