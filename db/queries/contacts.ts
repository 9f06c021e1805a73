import { type Sequelize } from 'sequelize-typescript';
import { type PageRequest } from '../../domain/pagination';
import { Contact } from '../models/Contact';
import { type ContactRow } from '../rows';
import { escapeLike } from './escape-like';
import { reachedFilter } from './session-assignments';
import { findOwned, isoMillis, type JsonListShape, type ListFilter, listOwnedJson } from './owned';

/** Erased contacts left out; `q` in a first name, last name or email, case-insensitively. */
function contactFilters(q: string | undefined): ListFilter[] {
  const filters: ListFilter[] = [() => 'erased_at IS NULL'];
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    filters.push((bind) => {
      const p = bind(pattern);
      return `first_name ILIKE ${p} OR last_name ILIKE ${p} OR email ILIKE ${p}`;
    });
  }
  return filters;
}

/** A contact as api/contacts/presenter.ts#presentContact shows it, field for field, its country named in `locale`. */
const contactItem =
  (locale: string): JsonListShape['item'] =>
  (bind) => `t.id, t.first_name, t.last_name, t.email, t.phone_number, t.street, t.city, t.zipcode, t.country,
  coalesce((SELECT n.name FROM country_names n WHERE n.locale = ${bind(locale)} AND n.code = t.country), t.country) AS country_name,
  t.notes, t.contact_type, t.locale, t.company_name, t.siren, t.vat_number, t.region, t.tax_exempt_reference,
  coalesce(t.reverse_charge, false) AS reverse_charge, t.time_zone, t.reminders_paused,
  ${isoMillis('t.erased_at')} AS erased_at, ${isoMillis('t.created_at')} AS created_at, ${isoMillis('t.updated_at')} AS updated_at`;

/**
 * A page of the owner's contacts, newest first, as the api answers it (GET /api/contacts), written
 * by PostgreSQL (listOwnedJson). Erased contacts are left out: they can no longer be picked for
 * anything (GET /api/contacts/:id still reads one, for the documents that point at it).
 * `reachedBy`: only the contacts of that member's assigned sessions (a photographer's).
 */
export function listContactsJson(
  sequelize: Sequelize,
  ownerId: string,
  page: PageRequest & { q?: string },
  locale: string,
  reachedBy: string | null = null,
): Promise<string> {
  const reached: ListFilter[] = reachedBy
    ? [(bind) => reachedFilter('contact', 'contacts', `${bind(reachedBy)}::uuid`)]
    : [];
  return listOwnedJson(sequelize, { table: 'contacts', item: contactItem(locale) }, ownerId, page, [
    ...contactFilters(page.q),
    ...reached,
  ]);
}

/** One of the owner's contacts; another user's reads as not found. */
export function findContact(sequelize: Sequelize, ownerId: string, id: string): Promise<ContactRow> {
  return findOwned(sequelize, Contact, 'Contact', id, ownerId);
}
