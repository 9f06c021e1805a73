import { type Sequelize } from 'sequelize-typescript';
import { ValidationError } from '../../domain/errors';
import { ClientAccount } from '../models/ClientAccount';
import { type Contact, Contact as ContactModel } from '../models/Contact';
import { contactErasedError } from '../queries/erased-contacts';

/**
 * The client account of a contact, created on first need with the contact's current email. One
 * account per contact: two contacts sharing an address get one account each (migration 11.20.00).
 * An erased contact gets none (409 contact_erased).
 */
export async function ensureClientAccount(_sequelize: Sequelize, contact: Contact): Promise<ClientAccount> {
  if (contact.erased_at) throw contactErasedError();
  if (!contact.email) throw new ValidationError('The contact has no email address');
  const [account] = await ClientAccount.findOrCreate({
    where: { contact_id: contact.id },
    defaults: { owner_id: contact.owner_id, contact_id: contact.id, email: contact.email },
  });
  if (account.email !== contact.email) await account.update({ email: contact.email });
  return account;
}

/** The client account of one of the studio's contacts by id (created on first need), or null when it has no such contact. */
export async function ensureContactClientAccount(
  sequelize: Sequelize,
  orgId: string,
  contactId: string,
): Promise<ClientAccount | null> {
  const contact = await ContactModel.findOne({ where: { id: contactId, owner_id: orgId } });
  return contact ? ensureClientAccount(sequelize, contact) : null;
}
