import { type Transaction } from 'sequelize';
import { SmsTemplate } from '../models/SmsTemplate';
import { type UserLocale } from '../../domain/accounts/users';
import { upsertByKey } from './upsert';

interface SystemSmsTemplate {
  businessKey: string;
  locale: UserLocale;
  name: string;
  message: string;
}

/**
 * System SMS templates (owner_id NULL). `POST /api/sms-templates/create-defaults` copies them
 * to the user with the same business key. Kept under 160 characters once filled in, when possible.
 */
export const SYSTEM_SMS_TEMPLATES: readonly SystemSmsTemplate[] = [
  {
    businessKey: 'session-reminder',
    locale: 'fr-FR',
    name: 'Rappel de séance',
    message:
      'Bonjour {{contact.first_name}}, petit rappel : votre séance « {{session.title}} » a lieu le {{session.start_date}} ({{session.location}}). À bientôt !',
  },
  {
    businessKey: 'session-reminder',
    locale: 'en-US',
    name: 'Session reminder',
    message:
      'Hi {{contact.first_name}}, a quick reminder: your session "{{session.title}}" is on {{session.start_date}} ({{session.location}}). See you soon!',
  },
  {
    businessKey: 'session-confirmation',
    locale: 'fr-FR',
    name: 'Confirmation de séance',
    message: 'Bonjour {{contact.first_name}}, votre séance « {{session.title}} » est confirmée. Merci et à bientôt !',
  },
  {
    businessKey: 'session-confirmation',
    locale: 'en-US',
    name: 'Session confirmation',
    message: 'Hi {{contact.first_name}}, your session "{{session.title}}" is confirmed. Thank you and see you soon!',
  },
];

/** Upserts every system SMS template; returns them by `${businessKey}:${locale}`. */
export async function seedSmsTemplates(transaction: Transaction): Promise<Map<string, SmsTemplate>> {
  const byKey = new Map<string, SmsTemplate>();
  for (const t of SYSTEM_SMS_TEMPLATES) {
    const row = await upsertByKey(
      SmsTemplate,
      { owner_id: null, business_key: t.businessKey, locale: t.locale },
      { name: t.name, message: t.message, is_active: true },
      transaction,
    );
    byKey.set(`${t.businessKey}:${t.locale}`, row);
  }
  return byKey;
}
