import { col, fn, Op, where } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type ContactFormAnswers } from '../../domain/contact-form/validate-contact-form';
import { Contact } from '../models/Contact';
import { insertContact } from './create-contact';
import { recordDomainEvent } from './record-domain-event';

export interface SubmitContactFormProps {
  /** The studio whose public form was posted (found by its tenant slug). */
  ownerId: string;
  answers: ContactFormAnswers;
  requestId?: string;
}

/**
 * A public contact form submission, in one transaction: the studio's contact with that email
 * (case-insensitive; the oldest if several) or a new one with its CONTACT_CREATED event, then
 * FORM_SUBMITTED on that contact with the answers. A matched contact is left as it is: the
 * answers of an anonymous form do not overwrite what the studio recorded.
 */
export async function submitContactForm(
  sequelize: Sequelize,
  { ownerId, answers, requestId }: SubmitContactFormProps,
): Promise<{ contactId: string; createdContact: boolean }> {
  const email = answers.email.toLowerCase();
  return sequelize.transaction(async (transaction) => {
    // Two submissions with one email at once must not both create a contact: serialize them per studio and email.
    await sequelize.query('SELECT pg_advisory_xact_lock(hashtext($1))', {
      bind: [`contact-form:${ownerId}:${email}`],
      transaction,
    });
    let contact = await Contact.findOne({
      where: { [Op.and]: [{ owner_id: ownerId }, where(fn('lower', col('email')), email)] },
      order: [['created_at', 'ASC']],
      transaction,
    });
    const createdContact = !contact;
    if (!contact) {
      contact = await insertContact(
        sequelize,
        transaction,
        {
          owner_id: ownerId,
          first_name: answers.first_name,
          last_name: answers.last_name,
          email: answers.email,
          phone_number: answers.phone_number,
        },
        requestId,
      );
    }
    await recordDomainEvent(
      sequelize,
      {
        eventType: 'FORM_SUBMITTED',
        entityType: 'CONTACT',
        entityId: contact.id,
        ownerId,
        payload: { ...answers, created_contact: createdContact },
        requestId,
      },
      transaction,
    );
    return { contactId: contact.id, createdContact };
  });
}
