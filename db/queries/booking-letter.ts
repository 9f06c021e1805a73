import { type Sequelize } from 'sequelize-typescript';
import { type UserLocale, type UserPlan } from '../../domain/accounts/users';
import { type BookingStatus } from '../../domain/booking/booking-settings';
import { selectRows as rows } from '../select-rows';
import { studioNameSql } from './studios';

/** What a booking's email to its client needs, in one read. */
export interface BookingLetter {
  id: string;
  status: BookingStatus;
  session_type_name: string;
  client_name: string;
  client_email: string;
  client_time_zone: string;
  address: string | null;
  starts_at: Date;
  ends_at: Date;
  created_at: Date;
  studio_name: string;
  studio_email: string;
  studio_locale: UserLocale;
  /** The language the client booked in, else the studio's. */
  client_locale: UserLocale;
  studio_time_zone: string;
  /** Where the studio's client links live (its own host on the studio plan). */
  studio_plan: UserPlan;
  studio_slug: string | null;
}

/** A booking of the studio with its studio's name, address, language and zone, or null. */
export async function findBookingLetter(
  sequelize: Sequelize,
  orgId: string,
  bookingId: string,
): Promise<BookingLetter | null> {
  const [row] = await rows<BookingLetter>(
    sequelize,
    `SELECT k.id, k.status, t.name AS session_type_name, k.client_name, k.client_email, k.client_time_zone,
            k.address, k.starts_at, k.ends_at, k.created_at,
            ${studioNameSql('c', 'o')} AS studio_name,
            coalesce(s.notification_email, s.email) AS studio_email, o.locale AS studio_locale, coalesce(k.client_locale, o.locale) AS client_locale,
            o.time_zone AS studio_time_zone, o.plan AS studio_plan, o.tenant_slug AS studio_slug
       FROM bookings k
       JOIN user_session_types t ON t.id = k.session_type_id
       JOIN organizations o ON o.id = k.owner_id
       -- The studio's mail goes to its owner of today.
       LEFT JOIN LATERAL (SELECT u.email, u.notification_email FROM memberships m JOIN users u ON u.id = m.user_id
                           WHERE m.org_id = o.id AND m.role = 'owner') s ON true
       LEFT JOIN user_company c ON c.user_id = k.owner_id
      WHERE k.owner_id = $1 AND k.id = $2`,
    [orgId, bookingId],
  );
  return row ?? null;
}
