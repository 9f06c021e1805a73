import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type StoredReminderStep } from '../../domain/invoicing/stored-reminder-steps';

/** Saves a studio's reminder steps (checked by the caller against the reminder rules). */
export async function saveReminderSettings(
  sequelize: Sequelize,
  ownerId: string,
  steps: StoredReminderStep[],
): Promise<{ steps: StoredReminderStep[]; updated_at: Date }> {
  const [row] = await sequelize.query<{ steps: StoredReminderStep[]; updated_at: Date }>(
    `INSERT INTO reminder_settings (owner_id, steps) VALUES ($1, $2::jsonb)
     ON CONFLICT (owner_id) DO UPDATE SET steps = EXCLUDED.steps, updated_at = now()
     RETURNING steps, updated_at`,
    { bind: [ownerId, JSON.stringify(steps)], type: QueryTypes.SELECT },
  );
  return row;
}
