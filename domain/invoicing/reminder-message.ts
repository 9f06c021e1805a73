import { languageOf } from '../accounts/locale-language';
import { type UserLocale, type WordLocale } from '../accounts/users';
import { renderVariables } from '../emails/render-variables';

/**
 * The words of one payment reminder (issue 21 §2): the studio's own for the step and the client's
 * language when it wrote some, else the default for that language, which says whether the
 * payment is coming up, due today or late. Variables: {{contact.first_name}}, {{invoice.number}},
 * {{amount_due}}, {{due_date}}, {{payment_link}}, {{studio.name}}.
 */

/** A studio's own wording of a step, in one language. */
export interface ReminderWording {
  subject: string;
  /** Plain text; the html part is made from it. */
  body: string;
  /** The SMS, when the step sends one (no link: it would not fit). */
  sms?: string;
}

export const REMINDER_VARIABLES = [
  'contact.first_name',
  'invoice.number',
  'amount_due',
  'due_date',
  'payment_link',
  'studio.name',
] as const;
export type ReminderVariables = Record<(typeof REMINDER_VARIABLES)[number], string>;

export interface ReminderMessage {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

type Timing = 'upcoming' | 'today' | 'late';

const DEFAULTS: Record<WordLocale, Record<Timing, ReminderWording>> = {
  'fr-FR': {
    upcoming: {
      subject: 'Rappel : facture {{invoice.number}} à régler le {{due_date}}',
      body: 'Bonjour {{contact.first_name}},\n\nPetit rappel : {{amount_due}} restent à régler sur la facture {{invoice.number}}, avant le {{due_date}}.\n\nLa facture : {{payment_link}}\n\nSi votre paiement est déjà en route, merci et ne tenez pas compte de ce message.\n\n{{studio.name}}',
      sms: '{{studio.name}} : rappel, {{amount_due}} à régler pour la facture {{invoice.number}} avant le {{due_date}}.',
    },
    today: {
      subject: "Facture {{invoice.number}} : échéance aujourd'hui",
      body: "Bonjour {{contact.first_name}},\n\nLa facture {{invoice.number}} arrive à échéance aujourd'hui ({{due_date}}) : {{amount_due}} restent à régler.\n\nLa facture : {{payment_link}}\n\nSi votre paiement est déjà en route, merci et ne tenez pas compte de ce message.\n\n{{studio.name}}",
      sms: "{{studio.name}} : la facture {{invoice.number}} ({{amount_due}}) arrive à échéance aujourd'hui.",
    },
    late: {
      subject: 'Facture {{invoice.number}} : paiement en retard',
      body: 'Bonjour {{contact.first_name}},\n\nSauf erreur de notre part, la facture {{invoice.number}}, échue le {{due_date}}, n’est pas encore réglée : {{amount_due}} restent dus.\n\nLa facture : {{payment_link}}\n\nSi votre paiement est déjà en route, merci et ne tenez pas compte de ce message.\n\n{{studio.name}}',
      sms: '{{studio.name}} : la facture {{invoice.number}} ({{amount_due}}), échue le {{due_date}}, reste à régler.',
    },
  },
  'en-US': {
    upcoming: {
      subject: 'Reminder: invoice {{invoice.number}} is due on {{due_date}}',
      body: 'Hi {{contact.first_name}},\n\nA friendly reminder: {{amount_due}} is still to be paid on invoice {{invoice.number}}, due by {{due_date}}.\n\nThe invoice: {{payment_link}}\n\nIf your payment is already on its way, thank you, and please disregard this message.\n\n{{studio.name}}',
      sms: '{{studio.name}}: reminder, {{amount_due}} due on invoice {{invoice.number}} by {{due_date}}.',
    },
    today: {
      subject: 'Invoice {{invoice.number}} is due today',
      body: 'Hi {{contact.first_name}},\n\nInvoice {{invoice.number}} is due today ({{due_date}}): {{amount_due}} is still to be paid.\n\nThe invoice: {{payment_link}}\n\nIf your payment is already on its way, thank you, and please disregard this message.\n\n{{studio.name}}',
      sms: '{{studio.name}}: invoice {{invoice.number}} ({{amount_due}}) is due today.',
    },
    late: {
      subject: 'Invoice {{invoice.number}} is overdue',
      body: 'Hi {{contact.first_name}},\n\nOur records show invoice {{invoice.number}}, due on {{due_date}}, is not paid yet: {{amount_due}} is still owed.\n\nThe invoice: {{payment_link}}\n\nIf your payment is already on its way, thank you, and please disregard this message.\n\n{{studio.name}}',
      sms: '{{studio.name}}: invoice {{invoice.number}} ({{amount_due}}), due on {{due_date}}, is still unpaid.',
    },
  },
};

const LINK_MARK = '\u0000link\u0000';
const esc = (value: string) => renderVariables('{{v}}', { v: value }, 'html');

const timingOf = (offsetDays: number): Timing => (offsetDays < 0 ? 'upcoming' : offsetDays === 0 ? 'today' : 'late');

/**
 * The reminder for a step `offsetDays` from the due date (a repeat of it counts as late when the
 * repeat falls after the due date: pass the reminder's own day offset), in `locale`, with the
 * studio's wording for that language if any; the SMS falls back to the default one.
 */
export function reminderMessage(
  locale: UserLocale,
  dayOffset: number,
  wording: Partial<Record<UserLocale, ReminderWording>> | undefined,
  variables: ReminderVariables,
): ReminderMessage {
  const fallback = DEFAULTS[languageOf(locale)][timingOf(dayOffset)];
  // The studio's wording for the exact locale, else for its language (an en-GB client reads the en-US wording).
  const own = wording?.[locale] ?? wording?.[languageOf(locale)];
  const words = {
    subject: own?.subject ?? fallback.subject,
    body: own?.body ?? fallback.body,
    sms: own?.sms ?? fallback.sms ?? '',
  };
  const text = renderVariables(words.body, variables, 'text');
  // The html part: the same words (the studio's text escaped like any value), each paragraph
  // kept, the link clickable.
  const link = variables.payment_link
    ? `<a href="${esc(variables.payment_link)}">${esc(variables.payment_link)}</a>`
    : '';
  const html = esc(renderVariables(words.body, { ...variables, payment_link: LINK_MARK }, 'text'))
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('\n')
    .split(LINK_MARK)
    .join(link);
  return {
    subject: renderVariables(words.subject, variables, 'text').replace(/\s+/g, ' ').trim(),
    text,
    html,
    sms: renderVariables(words.sms, variables, 'text'),
  };
}
