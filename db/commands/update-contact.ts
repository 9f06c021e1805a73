import { type Sequelize } from 'sequelize-typescript';
import { ValidationError } from '../../domain/errors';
import { Contact } from '../models/Contact';
import { contactErasedError } from '../queries/erased-contacts';
import { findOwned } from '../queries/owned';
import { checkedIdentifiers, type ContactProps } from './contacts';

/** Applies a partial update; a contact left with neither first nor last name is refused, an erased one too (409). */
export async function updateContact(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
  props: ContactProps,
): Promise<Contact> {
  return sequelize.transaction(async (transaction) => {
    const contact = await findOwned(sequelize, Contact, 'Contact', id, ownerId, { transaction, lock: true });
    if (contact.erased_at) throw contactErasedError();
    contact.set(props);
    contact.set(checkedIdentifiers({ siren: contact.siren, vat_number: contact.vat_number, country: contact.country }));
    if (!contact.first_name && !contact.last_name) {
      throw new ValidationError('first_name or last_name is required', [
        { path: 'first_name', message: 'first_name or last_name is required' },
      ]);
    }
    return contact.save({ transaction });
  });
}
