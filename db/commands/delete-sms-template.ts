import { type Sequelize } from 'sequelize-typescript';
import { findSmsTemplate } from '../queries/sms-templates';

/** Deletes one of the owner's SMS templates (tasks using it fall back to their own text). */
export async function deleteSmsTemplate(sequelize: Sequelize, ownerId: string, id: string): Promise<void> {
  await (await findSmsTemplate(sequelize, ownerId, id)).destroy();
}
