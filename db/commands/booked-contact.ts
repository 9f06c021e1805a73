import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type UserLocale } from '../../domain/accounts/users';
import { insertContact } from './create-contact';
import { selectRows as rows } from '../select-rows';

/** The client as their contact is written: the name split, the postal address when they gave one. */
export interface BookedContact {
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  street: string | null;
  zipcode: string | null;
  city: string | null;
  /** The studio's country: where a client's address given on its booking page is taken to be. */
  country: string | null;
  /** The zone the client booked in: their messages state times on their clock. */
  time_zone: string;
  /** The language they booked in when it is not the studio's (null: the studio's): the studio's messages to them speak it. */
  locale: UserLocale | null;
}

/** The contact of the studio with this email (any case; the oldest, never an erased one), or a new one. */
export async function matchOrCreateContact(
  sequelize: Sequelize,
  transaction: Transaction,
  at: { orgId: string; requestId?: string },
  client: BookedContact,
): Promise<{ id: string; created: boolean }> {
  const email = client.email.toLowerCase();
  // Two bookings with one email at once must not both create a contact: serialize them per studio and email.
  await rows(
    sequelize,
    'SELECT pg_advisory_xact_lock(hashtext($1)) IS NULL AS locked',
    [`contact:${at.orgId}:${email}`],
    transaction,
  );
  const [found] = await rows<{ id: string }>(
    sequelize,
    `SELECT id FROM contacts WHERE owner_id = $1 AND lower(email) = $2 AND erased_at IS NULL
     ORDER BY created_at, id LIMIT 1`,
    [at.orgId, email],
    transaction,
  );
  if (found) {
    // What the studio recorded stays; a blank the client filled in (their phone, their postal address) is kept.
    await rows(
      sequelize,
      `UPDATE contacts SET phone_number = coalesce(nullif(phone_number, ''), $2),
         street = coalesce(nullif(street, ''), $3), zipcode = coalesce(nullif(zipcode, ''), $4),
         city = coalesce(nullif(city, ''), $5), country = coalesce(nullif(country, ''), $6),
         time_zone = coalesce(time_zone, $7), locale = coalesce(locale, $8), updated_at = now()
       WHERE id = $1 RETURNING id`,
      [
        found.id,
        client.phone,
        client.street,
        client.zipcode,
        client.city,
        client.street ? client.country : null,
        client.time_zone,
        client.locale,
      ],
      transaction,
    );
    return { id: found.id, created: false };
  }
  const contact = await insertContact(
    sequelize,
    transaction,
    {
      owner_id: at.orgId,
      first_name: client.first_name,
      last_name: client.last_name,
      email: client.email,
      phone_number: client.phone,
      street: client.street,
      zipcode: client.zipcode,
      city: client.city,
      country: client.street ? client.country : null,
      time_zone: client.time_zone,
      locale: client.locale,
    },
    at.requestId,
  );
  return { id: contact.id, created: true };
}
