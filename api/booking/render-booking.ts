import { languageOf } from '../../domain/accounts/locale-language';
import { esc, page, type PortalFace, type PortalLanguage } from '../client/render-form';

const WORDS = {
  'fr-FR': {
    title: 'Réserver une séance',
    choose: 'Choisissez une séance.',
    none: 'Aucune séance n’est ouverte à la réservation pour le moment.',
    minutes: 'min',
    deposit: 'Acompte à la réservation',
    slotsTitle: 'Choisissez un créneau',
    shownIn: 'Heures affichées pour le fuseau',
    studioAt: 'heure du studio',
    change: 'Changer',
    noSlots: 'Aucun créneau libre sur ces dates.',
    earlier: '← Semaine précédente',
    later: 'Semaine suivante →',
    details: 'Vos coordonnées',
    name: 'Nom et prénom',
    email: 'E-mail',
    phone: 'Téléphone',
    address: 'Adresse de la séance',
    street: 'Votre adresse',
    zipcode: 'Code postal',
    city: 'Ville',
    notes: 'Un mot pour le studio',
    optional: 'facultatif',
    book: 'Réserver',
    bookAndPay: 'Réserver et payer l’acompte',
    taken: 'Ce créneau vient d’être pris. Choisissez-en un autre :',
    fix: 'Merci de corriger les champs signalés.',
    confirmedTitle: 'C’est réservé !',
    confirmed: 'Votre séance est réservée. Vous recevrez les détails par e-mail.',
    pendingTitle: 'Demande envoyée',
    pending: 'Le studio confirme chaque réservation : vous recevrez sa réponse par e-mail.',
    paidTitle: 'Merci !',
    paid: 'Votre paiement est en cours de traitement ; la confirmation suit par e-mail.',
    cancelledPay: 'Le paiement n’a pas abouti : le créneau reste réservé quelques minutes, vous pouvez réessayer.',
    notFound: 'Cette page n’existe pas.',
    tooMany: 'Trop de réservations depuis votre connexion. Merci de réessayer plus tard.',
    minis: 'Mini-séances',
    signTitle: 'Signer le devis et son contrat',
    read: 'Lire le devis et son contrat (PDF)',
    signerName: 'Votre nom, en signature',
    sign: 'Signer',
    notSignable: 'Cette réservation n’attend plus de signature : réservez à nouveau.',
    full: 'Cette journée est complète. Laissez vos coordonnées : si une place se libère, vous serez prévenu par e-mail.',
    joinWaitlist: 'M’inscrire sur la liste d’attente',
    waitlistedTitle: 'Vous êtes sur la liste d’attente',
    waitlisted: 'Si une place se libère, vous recevrez un e-mail : la première personne qui réserve l’obtient.',
  },
  'en-US': {
    title: 'Book a session',
    choose: 'Choose a session.',
    none: 'No session is open to booking at the moment.',
    minutes: 'min',
    deposit: 'Deposit at booking',
    slotsTitle: 'Pick a time',
    shownIn: 'Times shown for the time zone',
    studioAt: 'studio time',
    change: 'Change',
    noSlots: 'No free time on these dates.',
    earlier: '← Previous week',
    later: 'Next week →',
    details: 'Your details',
    name: 'Full name',
    email: 'Email',
    phone: 'Phone',
    address: 'Where the session takes place',
    street: 'Your address',
    zipcode: 'Postcode',
    city: 'City',
    notes: 'A note for the studio',
    optional: 'optional',
    book: 'Book',
    bookAndPay: 'Book and pay the deposit',
    taken: 'This time was just taken. Pick another one:',
    fix: 'Please correct the fields marked below.',
    confirmedTitle: 'You are booked!',
    confirmed: 'Your session is booked. The details follow by email.',
    pendingTitle: 'Request sent',
    pending: 'The studio confirms each booking: its answer follows by email.',
    paidTitle: 'Thank you!',
    paid: 'Your payment is being processed; the confirmation follows by email.',
    cancelledPay: 'The payment did not go through: the time stays held for a few minutes, you may try again.',
    notFound: 'This page does not exist.',
    tooMany: 'Too many bookings from your connection. Please try again later.',
    minis: 'Mini sessions',
    signTitle: 'Sign the quote and its contract',
    read: 'Read the quote and its contract (PDF)',
    signerName: 'Your name, as your signature',
    sign: 'Sign',
    notSignable: 'This booking no longer awaits a signature: please book again.',
    full: 'This day is full. Leave your details: if a spot opens, you will hear by email.',
    joinWaitlist: 'Join the waitlist',
    waitlistedTitle: 'You are on the waitlist',
    waitlisted: 'If a spot opens, you will get an email: the first person to book it gets it.',
  },
} as const satisfies Record<PortalLanguage, unknown>;

const wordsOf = (face: PortalFace) => WORDS[languageOf(face.locale)];

/** A session type as the page lists it. */
export interface PageType {
  id: string;
  name: string;
  description: string | null;
  duration_minutes: number;
  /** "240.00 EUR" */
  price: string;
  /** "72.00 EUR", or null when nothing is paid at booking. */
  deposit: string | null;
}

/** A mini-session day as the page lists it. */
export interface PageMiniDay {
  id: string;
  name: string;
  /** YYYY-MM-DD, the day in its own zone. */
  day: string;
  type: PageType;
}

/** The studio's booking page: its bookable session types and its mini-session days to come. */
export function renderBookingHome(
  face: PortalFace,
  slug: string,
  types: PageType[],
  minis: PageMiniDay[] = [],
): string {
  const w = wordsOf(face);
  const items = types
    .map(
      (t) =>
        `<li><a href="/portal/book/${encodeURIComponent(slug)}/${t.id}"><strong>${esc(t.name)}</strong></a> · ${t.duration_minutes} ${w.minutes} · ${esc(t.price)}${t.deposit ? ` (${esc(w.deposit)} : ${esc(t.deposit)})` : ''}${t.description ? `<br><span>${esc(t.description)}</span>` : ''}</li>`,
    )
    .join('');
  const days = minis
    .map(
      (m) =>
        `<li><a href="/portal/book/${encodeURIComponent(slug)}/mini/${m.id}"><strong>${esc(m.name)}</strong></a> · ${esc(m.day)} · ${esc(m.type.name)} · ${esc(m.type.price)}</li>`,
    )
    .join('');
  const open = types.length > 0 || minis.length > 0;
  return page(
    face,
    w.title,
    `<h1>${esc(w.title)}</h1>${open ? `<p>${esc(w.choose)}</p>` : `<p>${esc(w.none)}</p>`}${types.length ? `<ul class="types">${items}</ul>` : ''}${minis.length ? `<h2>${esc(w.minis)}</h2><ul class="minis">${days}</ul>` : ''}`,
  );
}

/** A free slot as the page offers it, on the client's and the studio's clocks. */
export interface PageSlot {
  start: string;
  /** YYYY-MM-DD HH:MM on the client's clock. */
  local: string;
  studio_local: string;
}

export interface SlotsPage {
  face: PortalFace;
  slug: string;
  /** The page's own path: its slot links, zone picker and form go there. */
  path: string;
  /** The page's title when not the type's name (a mini-session day's name and date). */
  heading?: string;
  type: PageType;
  timeZone: string;
  studioTimeZone: string;
  zones: readonly string[];
  slots: PageSlot[];
  /** The first day shown (YYYY-MM-DD) and the neighbouring weeks' first days, null when out of the window. */
  week: { earlier: string | null; later: string | null };
  /** The slot picked, its form shown with the client's answers and problems. */
  picked?: {
    start: string;
    values: Record<string, string>;
    problems: Record<string, string>;
    onSite: boolean;
    /** A deposit is paid: its invoice is addressed to the client. */
    postal: boolean;
  };
  taken?: boolean;
  /** A mini-session day with no free spot: the waitlist's form, with the client's answers and problems. */
  waitlist?: { values: Record<string, string>; problems: Record<string, string> };
}

const slotLink = (p: SlotsPage, start: string, extra = '') =>
  `${p.path}?tz=${encodeURIComponent(p.timeZone)}&start=${encodeURIComponent(start)}${extra}`;

/**
 * A form's field writer: a labelled input with the client's answer, marked and explained when it
 * was refused; `prefix` keeps two forms' ids apart on one page.
 */
const formField =
  (
    w: ReturnType<typeof wordsOf>,
    prefix: string,
    form: { values: Record<string, string>; problems: Record<string, string> },
  ) =>
  (name: string, label: string, type: string, required: boolean, extra = '') => {
    const problem = form.problems[name];
    const id = `${prefix}_${name}`;
    return `<label for="${id}">${esc(label)}${required ? '' : ` <span class="req">(${esc(w.optional)})</span>`}</label><input type="${type}" id="${id}" name="${name}" value="${esc(form.values[name] ?? '')}"${extra}${problem ? ` aria-invalid="true"` : ''}>${problem ? `<p class="error">${esc(problem)}</p>` : ''}`;
  };

function clientForm(p: SlotsPage): string {
  const w = wordsOf(p.face);
  const picked = p.picked;
  if (!picked) return '';
  const field = formField(w, 'f', picked);
  const slot = p.slots.find((s) => s.start === picked.start);
  const banner = Object.keys(picked.problems).length ? `<p class="problem" role="alert">${esc(w.fix)}</p>` : '';
  return `<h2 id="details">${esc(w.details)}</h2>${slot ? `<p class="ok">${esc(slot.local)}</p>` : ''}${banner}<form method="post" action="${esc(p.path)}" novalidate>
<input type="hidden" name="start" value="${esc(picked.start)}"><input type="hidden" name="time_zone" value="${esc(p.timeZone)}">
${field('name', w.name, 'text', true, ' autocomplete="name" maxlength="255"')}
${field('email', w.email, 'email', true, ' autocomplete="email" maxlength="255"')}
${field('phone', w.phone, 'tel', false, ' autocomplete="tel" maxlength="50"')}
${picked.onSite ? field('address', w.address, 'text', true, ' autocomplete="street-address" maxlength="500"') : ''}
${picked.postal ? `${field('street', w.street, 'text', true, ' autocomplete="street-address" maxlength="255"')}${field('zipcode', w.zipcode, 'text', true, ' autocomplete="postal-code" maxlength="20"')}${field('city', w.city, 'text', true, ' autocomplete="address-level2" maxlength="255"')}` : ''}
${field('notes', w.notes, 'text', false, ' maxlength="5000"')}
<button type="submit">${esc(p.type.deposit ? `${w.bookAndPay} (${p.type.deposit})` : w.book)}</button></form>`;
}

/** A full mini-session day's waitlist form: name, email and phone. */
function waitlistForm(p: SlotsPage): string {
  const w = wordsOf(p.face);
  const list = p.waitlist;
  if (!list) return '';
  const field = formField(w, 'w', list);
  return `<p class="problem">${esc(w.full)}</p><form method="post" action="${esc(`${p.path}/waitlist`)}" novalidate><input type="hidden" name="time_zone" value="${esc(p.timeZone)}">
${field('name', w.name, 'text', true, ' autocomplete="name" maxlength="255"')}
${field('email', w.email, 'email', true, ' autocomplete="email" maxlength="255"')}
${field('phone', w.phone, 'tel', false, ' autocomplete="tel" maxlength="50"')}
<button type="submit">${esc(w.joinWaitlist)}</button></form>`;
}

/** A session type's free slots for a week, grouped by day on the client's clock, and the form of the one picked. */
export function renderSlots(p: SlotsPage): string {
  const w = wordsOf(p.face);
  const days = new Map<string, PageSlot[]>();
  for (const s of p.slots) {
    const day = s.local.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), s]);
  }
  const list = [...days.entries()]
    .map(
      ([day, slots]) =>
        `<h3>${esc(day)}</h3><p class="slots">${slots
          .map(
            (s) =>
              `<a class="slot" style="display:inline-block;padding:8px 12px;margin:4px;border:1px solid #2d5d7b;border-radius:4px" href="${esc(slotLink(p, s.start))}#details" title="${esc(`${s.studio_local} (${w.studioAt}, ${p.studioTimeZone})`)}">${esc(s.local.slice(11))}</a>`,
          )
          .join(' ')}</p>`,
    )
    .join('');
  const zones = p.zones
    .map((z) => `<option value="${esc(z)}"${z === p.timeZone ? ' selected' : ''}>${esc(z)}</option>`)
    .join('');
  const nav = [
    p.week.earlier ? `<a href="${esc(weekLink(p, p.week.earlier))}">${esc(w.earlier)}</a>` : '',
    p.week.later ? `<a href="${esc(weekLink(p, p.week.later))}">${esc(w.later)}</a>` : '',
  ].join(' ');
  const title = p.heading ?? p.type.name;
  return page(
    p.face,
    title,
    `<h1>${esc(title)}</h1><p>${p.type.duration_minutes} ${w.minutes} · ${esc(p.type.price)}</p>
<form method="get" action="${esc(p.path)}"><label for="f_tz">${esc(w.shownIn)}</label><select id="f_tz" name="tz">${zones}</select><button type="submit">${esc(w.change)}</button></form>
${p.taken ? `<p class="problem" role="alert">${esc(w.taken)}</p>` : ''}<h2>${esc(w.slotsTitle)}</h2>${list || (p.waitlist ? waitlistForm(p) : `<p>${esc(w.noSlots)}</p>`)}<p>${nav}</p>${clientForm(p)}`,
  );
}

const weekLink = (p: SlotsPage, week: string) => `${p.path}?tz=${encodeURIComponent(p.timeZone)}&week=${week}`;

/** After booking: confirmed, awaiting the studio, or back from the payment page. */
export function renderBooked(
  face: PortalFace,
  outcome: 'confirmed' | 'pending' | 'paid' | 'payment_cancelled' | 'waitlisted',
): string {
  const w = wordsOf(face);
  const [title, text] =
    outcome === 'waitlisted'
      ? [w.waitlistedTitle, w.waitlisted]
      : outcome === 'confirmed'
        ? [w.confirmedTitle, w.confirmed]
        : outcome === 'pending'
          ? [w.pendingTitle, w.pending]
          : outcome === 'paid'
            ? [w.paidTitle, w.paid]
            : [w.title, w.cancelledPay];
  return page(
    face,
    title,
    `<h1>${esc(title)}</h1><p class="${outcome === 'payment_cancelled' ? 'problem' : 'ok'}" role="status">${esc(text)}</p>`,
  );
}

export function renderBookingNotFound(face: PortalFace): string {
  const w = wordsOf(face);
  return page(face, w.notFound, `<h1>${esc(w.notFound)}</h1>`);
}

export function renderBookingTooMany(face: PortalFace): string {
  const w = wordsOf(face);
  return page(face, w.title, `<h1>${esc(w.title)}</h1><p class="problem" role="alert">${esc(w.tooMany)}</p>`);
}

/** A held booking's quote to sign: its pdf, the consent text ticked, the name typed as the signature. */
export interface SignPage {
  face: PortalFace;
  path: string;
  typeName: string;
  /** The booking's time on the client's clock. */
  local: string;
  /** Null when the booking no longer awaits a signature: the page says so. */
  contract: { pdfUrl: string; consentText: string; version: string } | null;
  name?: string;
  problem?: string;
}

export function renderSignContract(p: SignPage): string {
  const w = wordsOf(p.face);
  const c = p.contract;
  const body = c
    ? `<p><a href="${esc(c.pdfUrl)}">${esc(w.read)}</a></p>${p.problem ? `<p class="problem" role="alert">${esc(p.problem)}</p>` : ''}<form method="post" action="${esc(p.path)}" novalidate><input type="hidden" name="version" value="${esc(c.version)}">
<label for="f_signer">${esc(w.signerName)}</label><input type="text" id="f_signer" name="signer_name" autocomplete="name" maxlength="200" value="${esc(p.name ?? '')}">
<p><label><input type="checkbox" name="consent" value="true"> ${esc(c.consentText)}</label></p>
<button type="submit">${esc(w.sign)}</button></form>`
    : `<p class="problem" role="alert">${esc(w.notSignable)}</p>`;
  return page(p.face, w.signTitle, `<h1>${esc(w.signTitle)}</h1><p>${esc(p.typeName)} · ${esc(p.local)}</p>${body}`);
}
