import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type MiniSessionPlan } from '../../domain/booking/mini-sessions';
import { type BookedContact, matchOrCreateContact } from './booked-contact';
import { recordDomainEvent } from './record-domain-event';
import { selectRows as rows } from '../select-rows';

/** Writes a mini-session day of one of the studio's session types with one of its members. */
export async function createMiniSessionEvent(
  sequelize: Sequelize,
  orgId: string,
  event: MiniSessionPlan & { name: string; session_type_id: string; member_id: string },
): Promise<string> {
  const [row] = await rows<{ id: string }>(
    sequelize,
    `INSERT INTO mini_session_events (owner_id, session_type_id, member_id, name, day, time_zone, start_time,
       slot_minutes, gap_minutes, breaks, spots)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11) RETURNING id`,
    [
      orgId,
      event.session_type_id,
      event.member_id,
      event.name,
      event.day,
      event.time_zone,
      event.start_time,
      event.slot_minutes,
      event.gap_minutes,
      JSON.stringify(event.breaks),
      event.spots,
    ],
  );
  return row.id;
}

/**
 * A client joins a full mini-session day's waitlist, as the studio's contact (matched by email or
 * created): once per email and day (joining again changes nothing).
 */
export async function joinWaitlist(
  sequelize: Sequelize,
  at: { orgId: string; eventId: string; requestId?: string },
  client: BookedContact & { name: string },
): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const contact = await matchOrCreateContact(sequelize, transaction, at, client);
    await rows(
      sequelize,
      `INSERT INTO mini_session_waitlist (owner_id, event_id, contact_id, email, name) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (event_id, email) DO NOTHING RETURNING id`,
      [at.orgId, at.eventId, contact.id, client.email.toLowerCase(), client.name],
      transaction,
    );
  });
}

/**
 * A spot of a mini-session day was freed (a booking of it cancelled): the next client on its
 * waitlist not offered one yet is offered it, WAITLIST_OFFERED about their contact, in the
 * caller's transaction. Anyone may book the spot: first to book wins.
 */
export async function offerFreedSpot(
  sequelize: Sequelize,
  transaction: Transaction,
  orgId: string,
  eventId: string,
  requestId?: string,
): Promise<void> {
  const [next] = await rows<{ contact_id: string | null; waitlist: Record<string, unknown> }>(
    sequelize,
    `UPDATE mini_session_waitlist w SET offered_at = now()
     FROM mini_session_events e JOIN user_session_types t ON t.id = e.session_type_id
     WHERE w.id = (SELECT id FROM mini_session_waitlist WHERE event_id = $1 AND owner_id = $2 AND offered_at IS NULL
                   ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
       AND e.id = w.event_id
     RETURNING w.contact_id, json_build_object('event_id', e.id, 'event_name', e.name, 'day', e.day,
       'session_type_id', t.id, 'session_type_name', t.name, 'email', w.email, 'name', w.name) AS waitlist`,
    [eventId, orgId],
    transaction,
  );
  if (!next?.contact_id) return;
  await recordDomainEvent(
    sequelize,
    {
      eventType: 'WAITLIST_OFFERED',
      entityType: 'CONTACT',
      entityId: next.contact_id,
      ownerId: orgId,
      payload: { waitlist: next.waitlist },
      requestId,
    },
    transaction,
  );
}
