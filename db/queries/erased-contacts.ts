import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { ConflictError } from '../../domain/errors';
import { Contact } from '../models/Contact';

/** The answer to using an erased contact (issue 31 §4): 409 contact_erased. */
export const contactErasedError = () =>
  new ConflictError('contact_erased', 'This contact was erased: it cannot be attached, written to or used again');

/**
 * Throws contact_erased when `contactId` names an erased contact of the owner; nothing for no id,
 * another owner's contact or an unknown one (the caller's own ownership check answers those).
 * Within a transaction the row is read FOR SHARE: an erasure running at the same time is waited
 * for, so a contact erased a moment ago is seen erased, never attached after its erasure.
 */
export async function assertContactNotErased(
  _sequelize: Sequelize,
  ownerId: string,
  contactId: string | null | undefined,
  transaction?: Transaction,
): Promise<void> {
  if (!contactId) return;
  const contact = await Contact.findOne({
    where: { id: contactId, owner_id: ownerId },
    attributes: ['id', 'erased_at'],
    transaction,
    lock: transaction ? transaction.LOCK.SHARE : undefined,
  });
  if (contact?.erased_at) throw contactErasedError();
}
