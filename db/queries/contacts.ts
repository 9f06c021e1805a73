import { type Sequelize } from 'sequelize-typescript';
import { type Page, type PageRequest } from '../../domain/pagination';
import { Contact } from '../models/Contact';
import { type ContactRow } from '../rows';
import { escapeLike } from './escape-like';
import { findOwned, type ListFilter, listOwned } from './owned';

/**
 * A page of the owner's contacts, newest first; `q` matches first name, last name or email,
 * case-insensitively. Erased contacts are left out: they can no longer be picked for anything
 * (GET /api/contacts/:id still reads one, for the documents that point at it).
 */
export async function listContacts(
  sequelize: Sequelize,
  ownerId: string,
  page: PageRequest & { q?: string },
): Promise<Page<ContactRow>> {
  const filters: ListFilter[] = [() => 'erased_at IS NULL'];
  if (page.q) {
    const pattern = `%${escapeLike(page.q)}%`;
    filters.push((bind) => {
      const p = bind(pattern);
      return `first_name ILIKE ${p} OR last_name ILIKE ${p} OR email ILIKE ${p}`;
    });
  }
  return listOwned(sequelize, Contact, ownerId, page, filters);
}

/** One of the owner's contacts; another user's reads as not found. */
export function findContact(sequelize: Sequelize, ownerId: string, id: string): Promise<ContactRow> {
  return findOwned(sequelize, Contact, 'Contact', id, ownerId);
}
