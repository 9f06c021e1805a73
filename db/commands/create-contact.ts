import { type Sequelize } from 'sequelize-typescript';
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
