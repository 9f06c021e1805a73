import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type MiniSessionPlan } from '../../domain/booking/mini-sessions';

/** A mini-session day as the studio set it, with how many of its bookings are live and who waits. */
export interface MiniSessionEventRow extends MiniSessionPlan {
  id: string;
  owner_id: string;
  session_type_id: string;
  member_id: string;
  name: string;
  /** Its bookings that keep their time (held, awaiting the studio, confirmed). */
  booked: number;
  waitlisted: number;
}

/** One of the studio's mini-session days, or null. */
export async function findMiniSessionEvent(
  sequelize: Sequelize,
  orgId: string,
  id: string,
): Promise<MiniSessionEventRow | null> {
  const [row] = await sequelize.query<MiniSessionEventRow>(
    `SELECT e.id, e.owner_id, e.session_type_id, e.member_id, e.name, to_char(e.day, 'YYYY-MM-DD') AS day, e.time_zone,
       e.start_time, e.slot_minutes, e.gap_minutes, e.breaks, e.spots,
       (SELECT count(*)::int FROM bookings k WHERE k.mini_event_id = e.id AND k.status IN ('HELD', 'PENDING', 'CONFIRMED')) AS booked,
       (SELECT count(*)::int FROM mini_session_waitlist w WHERE w.event_id = e.id) AS waitlisted
     FROM mini_session_events e WHERE e.owner_id = $1 AND e.id = $2`,
    { bind: [orgId, id], type: QueryTypes.SELECT },
  );
  return row ?? null;
}

/**
 * The studio's mini-session days from `fromDay` (YYYY-MM-DD) on, soonest first, at most `limit`;
 * `bookableOnly`: those whose session type is open to booking (the public page's).
 */
export async function listMiniSessionEvents(
  sequelize: Sequelize,
  orgId: string,
  options: { fromDay: string; bookableOnly: boolean; limit: number },
): Promise<MiniSessionEventRow[]> {
  return sequelize.query<MiniSessionEventRow>(
    `SELECT e.id, e.owner_id, e.session_type_id, e.member_id, e.name, to_char(e.day, 'YYYY-MM-DD') AS day, e.time_zone,
       e.start_time, e.slot_minutes, e.gap_minutes, e.breaks, e.spots,
       (SELECT count(*)::int FROM bookings k WHERE k.mini_event_id = e.id AND k.status IN ('HELD', 'PENDING', 'CONFIRMED')) AS booked,
       (SELECT count(*)::int FROM mini_session_waitlist w WHERE w.event_id = e.id) AS waitlisted
     FROM mini_session_events e
     WHERE e.owner_id = $1 AND e.day >= $2::date
       AND (NOT $3 OR EXISTS (SELECT 1 FROM session_type_booking b WHERE b.session_type_id = e.session_type_id AND b.enabled))
     ORDER BY e.day, e.start_time, e.id
     LIMIT $4`,
    { bind: [orgId, options.fromDay, options.bookableOnly, options.limit], type: QueryTypes.SELECT },
  );
}
