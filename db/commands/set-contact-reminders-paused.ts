import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';

/** Pauses or resumes the reminders of every invoice of one client. */
export async function setContactRemindersPaused(
  sequelize: Sequelize,
  ownerId: string,
  contactId: string,
  paused: boolean,
): Promise<void> {
  const rows = await sequelize.query(
    `UPDATE contacts SET reminders_paused = $3, updated_at = now() WHERE id = $1 AND owner_id = $2 RETURNING id`,
    { bind: [contactId, ownerId, paused], type: QueryTypes.SELECT },
  );
  if (rows.length === 0) throw new NotFoundError('Contact');
}
