import { type Sequelize } from 'sequelize-typescript';
import { SmsTemplate } from '../models/SmsTemplate';
import { type SmsTemplateRow } from '../rows';
import { type SmsTemplateProps } from './sms-templates';

/** Creates an SMS template of the owner's; without a locale, the owner's. */
export function createSmsTemplate(
  _sequelize: Sequelize,
  owner: { id: string; locale: SmsTemplate['locale'] },
  props: SmsTemplateProps & { name: string; message: string },
): Promise<SmsTemplateRow> {
  return SmsTemplate.create({ ...props, locale: props.locale ?? owner.locale, owner_id: owner.id });
}
