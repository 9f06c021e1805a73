import { type Transaction } from 'sequelize';
import { EmailTemplate } from '../models/EmailTemplate';
import { type UserLocale } from '../../domain/accounts/users';
import { upsertByKey } from './upsert';

interface SystemEmailTemplate {
  businessKey: string;
  locale: UserLocale;
  name: string;
  subject: string;
  bodyHtml: string;
  bodyText: string;
  variables: string[];
}

/** `email_<business key>`: the identifier the spec gives the session-info invite, kept for all. */
export const emailIdentifier = (businessKey: string): string => `email_${businessKey}`;

const INVITE_VARIABLES = ['contact.first_name', 'session.title', 'sessionInfoLink'];
const QUOTE_VARIABLES = ['contact.first_name', 'quote.title', 'quote.amount', 'quote.valid_until'];
const SCHEDULE_VARIABLES = ['contact.first_name', 'session.title', 'document.title', 'document.number', 'changes'];
const INVOICE_VARIABLES = [
  'contact.first_name',
  'invoice.number',
  'invoice.title',
  'invoice.amount',
  'invoice.due_date',
];

/**
 * System email templates (owner_id NULL), one row per business key and locale. Variables are
 * `{{path}}`; the renderer escapes values for HTML. Quotes and invoices go out with their PDF
 * attached, so their bodies carry no link.
 */
export const SYSTEM_EMAIL_TEMPLATES: readonly SystemEmailTemplate[] = [
  {
    businessKey: 'session-info-invite',
    locale: 'fr-FR',
    name: 'Invitation à compléter les informations de séance',
    subject: 'Préparons votre séance « {{session.title}} »',
    bodyHtml: [
      '<p>Bonjour {{contact.first_name}},</p>',
      '<p>Pour préparer au mieux votre séance « {{session.title}} », pourriez-vous prendre quelques minutes pour compléter ce formulaire ?</p>',
      '<p><a href="{{sessionInfoLink}}">Compléter mes informations</a></p>',
      '<p>Vos réponses restent modifiables jusqu’à la séance.</p>',
      '<p>À très bientôt !</p>',
    ].join('\n'),
    bodyText: [
      'Bonjour {{contact.first_name}},',
      '',
      'Pour préparer au mieux votre séance « {{session.title}} », pourriez-vous prendre quelques minutes pour compléter ce formulaire ?',
      '{{sessionInfoLink}}',
      '',
      'Vos réponses restent modifiables jusqu’à la séance.',
      'À très bientôt !',
    ].join('\n'),
    variables: INVITE_VARIABLES,
  },
  {
    businessKey: 'session-info-invite',
    locale: 'en-US',
    name: 'Session information request',
    subject: 'Let\'s prepare your session "{{session.title}}"',
    bodyHtml: [
      '<p>Hi {{contact.first_name}},</p>',
      '<p>To make the most of your session "{{session.title}}", could you take a few minutes to fill in this short form?</p>',
      '<p><a href="{{sessionInfoLink}}">Fill in my details</a></p>',
      '<p>You can change your answers until the day of the session.</p>',
      '<p>See you soon!</p>',
    ].join('\n'),
    bodyText: [
      'Hi {{contact.first_name}},',
      '',
      'To make the most of your session "{{session.title}}", could you take a few minutes to fill in this short form?',
      '{{sessionInfoLink}}',
      '',
      'You can change your answers until the day of the session.',
      'See you soon!',
    ].join('\n'),
    variables: INVITE_VARIABLES,
  },
  {
    businessKey: 'quote-sent',
    locale: 'fr-FR',
    name: 'Envoi de devis',
    subject: 'Votre devis « {{quote.title}} »',
    bodyHtml: [
      '<p>Bonjour {{contact.first_name}},</p>',
      '<p>Vous trouverez ci-joint le devis « {{quote.title}} » d’un montant de {{quote.amount}} TTC, valable jusqu’au {{quote.valid_until}}.</p>',
      '<p>Je reste disponible pour toute question.</p>',
    ].join('\n'),
    bodyText: [
      'Bonjour {{contact.first_name}},',
      '',
      'Vous trouverez ci-joint le devis « {{quote.title}} » d’un montant de {{quote.amount}} TTC, valable jusqu’au {{quote.valid_until}}.',
      'Je reste disponible pour toute question.',
    ].join('\n'),
    variables: QUOTE_VARIABLES,
  },
  {
    businessKey: 'quote-sent',
    locale: 'en-US',
    name: 'Quote sent',
    subject: 'Your quote "{{quote.title}}"',
    bodyHtml: [
      '<p>Hi {{contact.first_name}},</p>',
      '<p>Please find attached the quote "{{quote.title}}" for {{quote.amount}} (tax included), valid until {{quote.valid_until}}.</p>',
      '<p>Let me know if you have any questions.</p>',
    ].join('\n'),
    bodyText: [
      'Hi {{contact.first_name}},',
      '',
      'Please find attached the quote "{{quote.title}}" for {{quote.amount}} (tax included), valid until {{quote.valid_until}}.',
      'Let me know if you have any questions.',
    ].join('\n'),
    variables: QUOTE_VARIABLES,
  },
  {
    businessKey: 'invoice-sent',
    locale: 'fr-FR',
    name: 'Envoi de facture',
    subject: 'Facture {{invoice.number}} – {{invoice.title}}',
    bodyHtml: [
      '<p>Bonjour {{contact.first_name}},</p>',
      '<p>Veuillez trouver ci-jointe la facture {{invoice.number}} (« {{invoice.title}} ») d’un montant de {{invoice.amount}} TTC, à régler avant le {{invoice.due_date}}.</p>',
      '<p>Merci pour votre confiance.</p>',
    ].join('\n'),
    bodyText: [
      'Bonjour {{contact.first_name}},',
      '',
      'Veuillez trouver ci-jointe la facture {{invoice.number}} (« {{invoice.title}} ») d’un montant de {{invoice.amount}} TTC, à régler avant le {{invoice.due_date}}.',
      'Merci pour votre confiance.',
    ].join('\n'),
    variables: INVOICE_VARIABLES,
  },
  {
    businessKey: 'invoice-sent',
    locale: 'en-US',
    name: 'Invoice sent',
    subject: 'Invoice {{invoice.number}} – {{invoice.title}}',
    bodyHtml: [
      '<p>Hi {{contact.first_name}},</p>',
      '<p>Please find attached invoice {{invoice.number}} ("{{invoice.title}}") for {{invoice.amount}} (tax included), due by {{invoice.due_date}}.</p>',
      '<p>Thank you for your trust.</p>',
    ].join('\n'),
    bodyText: [
      'Hi {{contact.first_name}},',
      '',
      'Please find attached invoice {{invoice.number}} ("{{invoice.title}}") for {{invoice.amount}} (tax included), due by {{invoice.due_date}}.',
      'Thank you for your trust.',
    ].join('\n'),
    variables: INVOICE_VARIABLES,
  },
  {
    businessKey: 'payment-schedule-changed',
    locale: 'fr-FR',
    name: 'Échéancier mis à jour après le déplacement de la séance',
    subject: 'Nouvelles échéances pour « {{document.title}} »',
    bodyHtml: [
      '<p>Bonjour {{contact.first_name}},</p>',
      '<p>Votre séance « {{session.title}} » a changé de date : les échéances qui en dépendent ({{document.number}}) suivent.</p>',
      '<p style="white-space:pre-line">{{changes}}</p>',
      '<p>Les autres échéances ne changent pas. À très bientôt !</p>',
    ].join('\n'),
    bodyText: [
      'Bonjour {{contact.first_name}},',
      '',
      'Votre séance « {{session.title}} » a changé de date : les échéances qui en dépendent ({{document.number}}) suivent.',
      '',
      '{{changes}}',
      '',
      'Les autres échéances ne changent pas. À très bientôt !',
    ].join('\n'),
    variables: SCHEDULE_VARIABLES,
  },
  {
    businessKey: 'payment-schedule-changed',
    locale: 'en-US',
    name: 'Payment schedule updated after the session moved',
    subject: 'New due dates for "{{document.title}}"',
    bodyHtml: [
      '<p>Hi {{contact.first_name}},</p>',
      '<p>Your session "{{session.title}}" has a new date, and the payments that depend on it ({{document.number}}) move with it.</p>',
      '<p style="white-space:pre-line">{{changes}}</p>',
      '<p>The other due dates stay as they were. See you soon!</p>',
    ].join('\n'),
    bodyText: [
      'Hi {{contact.first_name}},',
      '',
      'Your session "{{session.title}}" has a new date, and the payments that depend on it ({{document.number}}) move with it.',
      '',
      '{{changes}}',
      '',
      'The other due dates stay as they were. See you soon!',
    ].join('\n'),
    variables: SCHEDULE_VARIABLES,
  },
];

/** Upserts every system email template; returns them by `${businessKey}:${locale}`. */
export async function seedEmailTemplates(transaction: Transaction): Promise<Map<string, EmailTemplate>> {
  const byKey = new Map<string, EmailTemplate>();
  for (const t of SYSTEM_EMAIL_TEMPLATES) {
    const row = await upsertByKey(
      EmailTemplate,
      { owner_id: null, business_key: t.businessKey, locale: t.locale },
      {
        identifier: emailIdentifier(t.businessKey),
        name: t.name,
        subject: t.subject,
        body_html: t.bodyHtml,
        body_text: t.bodyText,
        variables: t.variables,
        is_active: true,
      },
      transaction,
    );
    byKey.set(`${t.businessKey}:${t.locale}`, row);
  }
  return byKey;
}
