import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type ContactRow } from '../rows';
import { Contact } from '../models/Contact';
import { recordDomainEvent } from './record-domain-event';
import { checkedIdentifiers, type ContactProps } from './contacts';

/** Creates a contact and its CONTACT_CREATED event in one transaction. */
export async function createContact(
  sequelize: Sequelize,
  ownerId: string,
  props: ContactProps,
  requestId?: string,
): Promise<Contact> {
  return sequelize.transaction((transaction) =>
    insertContact(sequelize, transaction, { ...checkedIdentifiers(props), owner_id: ownerId }, requestId),
  );
}

/**
 * Writes a contact and its CONTACT_CREATED event in the caller's transaction: the one way a contact
 * comes to exist, whether the studio types it, a visitor sends the contact form or a client books.
 */
export async function insertContact(
  sequelize: Sequelize,
  transaction: Transaction,
  values: Partial<ContactRow> & { owner_id: string },
  requestId?: string,
): Promise<Contact> {
  const contact = await Contact.create(values, { transaction });
  await recordDomainEvent(
    sequelize,
    {
      eventType: 'CONTACT_CREATED',
      entityType: 'CONTACT',
      entityId: contact.id,
      ownerId: values.owner_id,
      payload: contact.get({ plain: true }),
      requestId,
    },
    transaction,
  );
  return contact;
}
