import { type Sequelize } from 'sequelize-typescript';
import { findSmsTemplate } from '../queries/sms-templates';
import { type SmsTemplateRow } from '../rows';
import { type SmsTemplateProps } from './sms-templates';

/** Applies a partial update to one of the owner's SMS templates. */
export async function updateSmsTemplate(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
  props: SmsTemplateProps,
): Promise<SmsTemplateRow> {
  const template = await findSmsTemplate(sequelize, ownerId, id);
  return template.update(props);
}
