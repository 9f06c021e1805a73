import { type Sequelize } from 'sequelize-typescript';
import { clientIdentifierProblems, normalizeClientIdentifiers } from '../../domain/company/client-identifiers';
import { ValidationError } from '../../domain/errors';
import { Contact } from '../models/Contact';
import { findOwned } from '../queries/owned';
import { deleteOwned } from './delete-owned';
import { recordDomainEvent } from './record-domain-event';

export type ContactProps = Partial<
  Pick<
    Contact,
    | 'first_name'
    | 'last_name'
    | 'email'
    | 'phone_number'
    | 'street'
    | 'city'
    | 'zipcode'
    | 'country'
    | 'notes'
    | 'contact_type'
    | 'locale'
    | 'company_name'
    | 'siren'
    | 'vat_number'
    | 'time_zone'
  >
>;

/** The client company's identifiers normalized, or a 400 naming each wrong one (checked on the merged record). */
function checkedIdentifiers<T extends Pick<ContactProps, 'siren' | 'vat_number' | 'country'>>(props: T): T {
  const normalized = normalizeClientIdentifiers(props);
  const problems = clientIdentifierProblems(normalized);
  if (problems.length) throw new ValidationError('A company identifier of the client is not valid', problems);
  return normalized;
}

/** Creates a contact and its CONTACT_CREATED event in one transaction. */
export async function createContact(
  sequelize: Sequelize,
  ownerId: string,
  props: ContactProps,
  requestId?: string,
): Promise<Contact> {
  return sequelize.transaction(async (transaction) => {
    const contact = await Contact.create({ ...checkedIdentifiers(props), owner_id: ownerId }, { transaction });
    await recordDomainEvent(
      sequelize,
      {
        eventType: 'CONTACT_CREATED',
        entityType: 'CONTACT',
        entityId: contact.id,
        ownerId,
        payload: contact.get({ plain: true }),
        requestId,
      },
      transaction,
    );
    return contact;
  });
}

/** Applies a partial update; a contact left with neither first nor last name is refused. */
export async function updateContact(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
  props: ContactProps,
): Promise<Contact> {
  return sequelize.transaction(async (transaction) => {
    const contact = await findOwned(sequelize, Contact, 'Contact', id, ownerId, { transaction, lock: true });
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

/** Deletes one of the owner's contacts. */
export async function deleteContact(sequelize: Sequelize, ownerId: string, id: string): Promise<void> {
  await deleteOwned(sequelize, Contact, 'Contact', id, ownerId);
}
