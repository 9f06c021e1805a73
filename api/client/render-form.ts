import { type StudioHead, studioHeadHtml } from '../../domain/accounts/studio-head';
import { esc } from '../../domain/html-escape';
import { isFrench, languageOf } from '../../domain/accounts/locale-language';
import { type UserLocale, type WordLocale } from '../../domain/accounts/users';
import { type ResponseField } from '../../domain/session-info/validate-responses';

export type PortalLocale = UserLocale;
/** The languages the portal's words are written in: a page reads its locale's (languageOf). */
export type PortalLanguage = WordLocale;

/** Who a page speaks to and for: the client's language, and the studio heading it (null: none known). */
export interface PortalFace {
  locale: PortalLocale;
  studio: StudioHead | null;
}

const WORDS = {
  'fr-FR': {
    open: 'Ouvrir le questionnaire',
    openIntro: 'Votre photographe vous invite à répondre à quelques questions pour préparer la séance.',
    required: 'obligatoire',
    save: 'Enregistrer',
    saved: 'Vos réponses sont enregistrées. Merci !',
    choose: 'Choisir…',
    fix: 'Merci de corriger les champs signalés.',
    usedTitle: 'Lien déjà utilisé',
    used: 'Ce lien a déjà servi. Demandez un nouveau lien à votre photographe.',
    expiredTitle: 'Lien expiré',
    expired: 'Ce lien a expiré. Demandez un nouveau lien à votre photographe.',
    unknown: 'Ce lien n’est pas valide.',
    session: 'Séance',
  },
  'en-US': {
    open: 'Open the questionnaire',
    openIntro: 'Your photographer invites you to answer a few questions to prepare the session.',
    required: 'required',
    save: 'Save',
    saved: 'Your answers are saved. Thank you!',
    choose: 'Choose…',
    fix: 'Please correct the fields marked below.',
    usedTitle: 'Link already used',
    used: 'This link was already used. Ask your photographer for a new one.',
    expiredTitle: 'Link expired',
    expired: 'This link has expired. Ask your photographer for a new one.',
    unknown: 'This link is not valid.',
    session: 'Session',
  },
} as const;

export { esc };

/** Inline styles only: the page loads nothing from anywhere (no third-party assets). */
const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:16px;background:#f6f5f2;color:#222}
main{max-width:560px;margin:0 auto;background:#fff;padding:20px;border-radius:8px}
h1{font-size:1.3rem}label{display:block;font-weight:600;margin-top:16px}
input,select,textarea{box-sizing:border-box;width:100%;font-size:1rem;padding:8px;margin-top:4px;border:1px solid #999;border-radius:4px}
.req{color:#a00;font-weight:400;font-size:.85rem}.error{color:#a00;margin:4px 0 0}.ok{background:#e6f4ea;padding:10px;border-radius:4px}
.problem{background:#fdecea;padding:10px;border-radius:4px}button{margin-top:20px;width:100%;padding:12px;font-size:1rem;background:#2d5d7b;color:#fff;border:0;border-radius:4px}`;

/** A whole portal page: the studio's head above `body`, inline styles only. */
export function page(face: PortalFace, title: string, body: string): string {
  const head = face.studio ? `<header>${studioHeadHtml(face.studio)}</header>` : '';
  const pageTitle = face.studio ? `${title} · ${face.studio.studioName}` : title;
  return `<!doctype html><html lang="${face.locale.slice(0, 2)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${esc(pageTitle)}</title><style>${STYLE}</style></head><body><main>${head}${body}</main></body></html>`;
}

export function renderLinkProblem(face: PortalFace, reason: 'used' | 'expired' | 'unknown'): string {
  const w = WORDS[languageOf(face.locale)];
  const title = reason === 'used' ? w.usedTitle : reason === 'expired' ? w.expiredTitle : w.unknown;
  return page(
    face,
    title,
    `<h1>${esc(title)}</h1><p class="problem">${esc(reason === 'unknown' ? w.unknown : w[reason])}</p>`,
  );
}

/**
 * The page the emailed link opens: one button that spends the link (POST). A mail scanner that
 * fetches the link in advance sees only this page, and the client's link still works.
 */
export function renderOpenLink(face: PortalFace, sessionTitle: string, token: string): string {
  const { locale } = face;
  const w = WORDS[languageOf(locale)];
  return page(
    face,
    sessionTitle,
    `<h1>${esc(w.session)}${isFrench(locale) ? '\u00a0:' : ':'} ${esc(sessionTitle)}</h1><p>${esc(w.openIntro)}</p><form method="post" action="/portal/session-info/${encodeURIComponent(token)}"><button type="submit">${esc(w.open)}</button></form>`,
  );
}

export interface PortalForm {
  face: PortalFace;
  sessionTitle: string;
  /** The client token the form posts back (hidden field): the link itself is spent. */
  clientToken: string;
  sessionId: string;
  fields: ResponseField[];
  values: Record<string, unknown>;
  errors: Record<string, string>;
  saved: boolean;
}

function input(f: ResponseField, value: unknown, w: (typeof WORDS)[PortalLanguage]): string {
  const id = `f_${f.field_key}`;
  const common = `id="${id}" name="${esc(f.field_key)}"${f.is_required ? ' required' : ''}`;
  switch (f.field_type) {
    case 'TEXTAREA':
      return `<textarea ${common} rows="4">${esc(value)}</textarea>`;
    case 'DATE':
      return `<input type="date" ${common} value="${esc(value)}">`;
    case 'NUMBER':
      return `<input type="number" step="any" ${common} value="${esc(value)}">`;
    case 'SELECT':
      return `<select ${common}><option value="">${esc(w.choose)}</option>${(f.options ?? []).map((o) => `<option${String(value) === o ? ' selected' : ''}>${esc(o)}</option>`).join('')}</select>`;
    default:
      return `<input type="text" ${common} value="${esc(value)}">`;
  }
}

export function renderPortalForm(form: PortalForm): string {
  const { locale } = form.face;
  const w = WORDS[languageOf(locale)];
  const fields = form.fields
    .map((f) => {
      const error = form.errors[f.field_key];
      return `<label for="f_${esc(f.field_key)}">${esc(f.label)}${f.is_required ? ` <span class="req">(${esc(w.required)})</span>` : ''}</label>${input(f, form.values[f.field_key], w)}${error ? `<p class="error" id="e_${esc(f.field_key)}">${esc(error)}</p>` : ''}`;
    })
    .join('\n');
  const banner = form.saved
    ? `<p class="ok" role="status">${esc(w.saved)}</p>`
    : Object.keys(form.errors).length > 0
      ? `<p class="problem" role="alert">${esc(w.fix)}</p>`
      : '';
  return page(
    form.face,
    form.sessionTitle,
    `<h1>${esc(w.session)}${isFrench(locale) ? '\u00a0:' : ':'} ${esc(form.sessionTitle)}</h1>${banner}<form method="post" action="/portal/session-info" novalidate><input type="hidden" name="client_token" value="${esc(form.clientToken)}"><input type="hidden" name="session_id" value="${esc(form.sessionId)}">${fields}<button type="submit">${esc(w.save)}</button></form>`,
  );
}

/** Error messages shown next to fields, per problem, in the page's language. */
export const PROBLEM_TEXT: Record<PortalLanguage, Record<string, string>> = {
  'fr-FR': {
    required: 'Ce champ est obligatoire.',
    too_long: 'Réponse trop longue.',
    not_a_date: 'Date invalide (AAAA-MM-JJ).',
    not_a_number: 'Indiquez un nombre.',
    not_an_option: 'Choisissez une des options.',
    not_text: 'Réponse invalide.',
    unknown_field: 'Champ inconnu.',
  },
  'en-US': {
    required: 'This field is required.',
    too_long: 'Answer too long.',
    not_a_date: 'Invalid date (YYYY-MM-DD).',
    not_a_number: 'Enter a number.',
    not_an_option: 'Choose one of the options.',
    not_text: 'Invalid answer.',
    unknown_field: 'Unknown field.',
  },
};
