import { languageOf } from '../accounts/locale-language';
import { type UserLocale, type WordLocale } from '../accounts/users';

/**
 * Which text an AUTOMATIC_SMS task sends (spec: Workflow task side effects 2): the user's SMS
 * template, then the first action's `config.message`, the task's `action`, its `description`,
 * and a system fallback. The first non-blank one wins; `message_source` says which it was.
 */
export const SMS_MESSAGE_SOURCES = [
  'sms_template',
  'action_config',
  'task_action',
  'task_description',
  'system_fallback',
] as const;
export type SmsMessageSource = (typeof SMS_MESSAGE_SOURCES)[number];

export interface SmsTextCandidates {
  template?: string | null;
  configMessage?: unknown;
  action?: string | null;
  description?: string | null;
}

/** Used when nothing else gives a text, per language (languageOf). */
export const SMS_FALLBACK = {
  'fr-FR':
    'Bonjour {{contact.first_name}}, un message de votre photographe au sujet de votre séance « {{session.title}} ».',
  'en-US': 'Hi {{contact.first_name}}, a message from your photographer about your session "{{session.title}}".',
} as const;

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** `fallback`: the text per language when nothing else gives one (a session's by default). */
export function resolveSmsText(
  candidates: SmsTextCandidates,
  locale: UserLocale,
  fallback: Record<WordLocale, string> = SMS_FALLBACK,
): { text: string; source: SmsMessageSource } {
  const ordered: [SmsMessageSource, unknown][] = [
    ['sms_template', candidates.template],
    ['action_config', candidates.configMessage],
    ['task_action', candidates.action],
    ['task_description', candidates.description],
  ];
  for (const [source, value] of ordered) {
    const found = text(value);
    if (found) return { text: found, source };
  }
  return { text: fallback[languageOf(locale)], source: 'system_fallback' };
}
