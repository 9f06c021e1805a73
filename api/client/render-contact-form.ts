import { languageOf } from '../../domain/accounts/locale-language';
import {
  type ContactFormField,
  type ContactFormProblem,
  HONEYPOT_FIELD,
  MAX_MESSAGE_LENGTH,
} from '../../domain/contact-form/validate-contact-form';
import { esc, page, type PortalFace, type PortalLanguage } from './render-form';

const WORDS = {
  'fr-FR': {
    title: 'Nous contacter',
    intro: 'Laissez-nous un message : nous revenons vers vous rapidement.',
    labels: { first_name: 'Prénom', last_name: 'Nom', email: 'E-mail', phone_number: 'Téléphone', message: 'Message' },
    required: 'obligatoire',
    optional: 'facultatif',
    send: 'Envoyer',
    fix: 'Merci de corriger les champs signalés.',
    honeypot: 'Ne pas remplir ce champ',
    thanksTitle: 'Merci !',
    thanks: 'Votre message est bien envoyé. Nous vous répondons au plus vite.',
    notFound: 'Cette page n’existe pas.',
    tooMany: 'Trop de messages envoyés depuis votre connexion. Merci de réessayer plus tard.',
    problems: {
      required: 'Ce champ est obligatoire.',
      name_required: 'Indiquez votre prénom ou votre nom.',
      invalid_email: 'Adresse e-mail invalide.',
      invalid_phone: 'Numéro de téléphone invalide.',
      too_long: 'Texte trop long.',
    },
  },
  'en-US': {
    title: 'Contact us',
    intro: 'Leave us a message: we will get back to you shortly.',
    labels: {
      first_name: 'First name',
      last_name: 'Last name',
      email: 'Email',
      phone_number: 'Phone',
      message: 'Message',
    },
    required: 'required',
    optional: 'optional',
    send: 'Send',
    fix: 'Please correct the fields marked below.',
    honeypot: 'Leave this field empty',
    thanksTitle: 'Thank you!',
    thanks: 'Your message was sent. We will answer you as soon as we can.',
    notFound: 'This page does not exist.',
    tooMany: 'Too many messages were sent from your connection. Please try again later.',
    problems: {
      required: 'This field is required.',
      name_required: 'Enter your first name or last name.',
      invalid_email: 'Invalid email address.',
      invalid_phone: 'Invalid phone number.',
      too_long: 'Text too long.',
    },
  },
} as const satisfies Record<PortalLanguage, unknown>;

export interface ContactFormPage {
  face: PortalFace;
  slug: string;
  values: Partial<Record<ContactFormField, string>>;
  errors: Partial<Record<ContactFormField, ContactFormProblem>>;
}

// Off-screen rather than display:none: some robots skip fields that are not displayed.
const HIDDEN = 'position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden';

/** The public contact form of a studio, in the studio's language, with the answers and errors of a refused post. */
export function renderContactForm(form: ContactFormPage): string {
  const { locale } = form.face;
  const w = WORDS[languageOf(locale)];
  const field = (name: ContactFormField, required: boolean, control: (common: string, value: string) => string) => {
    const problem = form.errors[name];
    const common = `id="f_${name}" name="${name}"${problem ? ` aria-invalid="true" aria-describedby="e_${name}"` : ''}`;
    const note = required
      ? `<span class="req">(${esc(w.required)})</span>`
      : `<span class="req">(${esc(w.optional)})</span>`;
    return `<label for="f_${name}">${esc(w.labels[name])} ${note}</label>${control(common, form.values[name] ?? '')}${problem ? `<p class="error" id="e_${name}">${esc(w.problems[problem])}</p>` : ''}`;
  };
  const text =
    (type: string, extra = '') =>
    (common: string, value: string) =>
      `<input type="${type}" ${common}${extra} value="${esc(value)}">`;
  const fields = [
    field('first_name', false, text('text', ' autocomplete="given-name" maxlength="100"')),
    field('last_name', false, text('text', ' autocomplete="family-name" maxlength="100"')),
    field('email', true, text('email', ' autocomplete="email" maxlength="255"')),
    field('phone_number', false, text('tel', ' autocomplete="tel" maxlength="50"')),
    field(
      'message',
      false,
      (common, value) => `<textarea ${common} rows="6" maxlength="${MAX_MESSAGE_LENGTH}">${esc(value)}</textarea>`,
    ),
  ].join('\n');
  const honeypot = `<div style="${HIDDEN}" aria-hidden="true"><label for="f_${HONEYPOT_FIELD}">${esc(w.honeypot)}</label><input type="text" id="f_${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off" value=""></div>`;
  const banner = Object.keys(form.errors).length > 0 ? `<p class="problem" role="alert">${esc(w.fix)}</p>` : '';
  return page(
    form.face,
    w.title,
    `<h1>${esc(w.title)}</h1><p>${esc(w.intro)}</p>${banner}<form method="post" action="/portal/contact/${encodeURIComponent(form.slug)}" novalidate>${honeypot}${fields}<button type="submit">${esc(w.send)}</button></form>`,
  );
}

/** The page after a submission (also after one the honeypot caught: a robot learns nothing). */
export function renderContactThanks(face: PortalFace): string {
  const w = WORDS[languageOf(face.locale)];
  return page(face, w.thanksTitle, `<h1>${esc(w.thanksTitle)}</h1><p class="ok" role="status">${esc(w.thanks)}</p>`);
}

/** A slug that names no studio: a page, in French (no studio known), not a JSON error. */
export function renderContactNotFound(face: PortalFace): string {
  const w = WORDS[languageOf(face.locale)];
  return page(face, w.notFound, `<h1>${esc(w.notFound)}</h1>`);
}

/** Past RATE_LIMIT_CONTACT_FORM: a page in the studio's language, not the api's JSON. */
export function renderContactTooMany(face: PortalFace): string {
  const w = WORDS[languageOf(face.locale)];
  return page(face, w.title, `<h1>${esc(w.title)}</h1><p class="problem" role="alert">${esc(w.tooMany)}</p>`);
}
