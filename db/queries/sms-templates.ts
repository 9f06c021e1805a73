import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { SmsTemplate } from '../models/SmsTemplate';
import { type SmsTemplateRow } from '../rows';

/** The studio's SMS templates, newest first (at most 500). */
export function listSmsTemplates(
  _sequelize: Sequelize,
  ownerId: string,
  order: 'newest' | 'oldest' = 'newest',
): Promise<SmsTemplateRow[]> {
  const direction = order === 'newest' ? 'DESC' : 'ASC';
  return SmsTemplate.findAll({
    where: { owner_id: ownerId },
    order: [
      ['created_at', direction],
      ['id', direction],
    ],
    limit: 500,
  });
}

/** One of the owner's SMS templates (never a system one); anything else reads as not found. */
export async function findSmsTemplate(_sequelize: Sequelize, ownerId: string, id: string): Promise<SmsTemplate> {
  const template = await SmsTemplate.findOne({ where: { id, owner_id: ownerId } });
  if (!template) throw new NotFoundError('SMS template');
  return template;
}
