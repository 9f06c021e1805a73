import { languageOf } from '../../domain/accounts/locale-language';
import { esc, page, type PortalFace, type PortalLanguage } from '../client/render-form';
import { type PageSlot } from './render-booking';

const WORDS = {
  'fr-FR': {
    title: 'Votre réservation',
    status: {
      HELD: 'en attente de paiement',
      PENDING: 'en attente de confirmation du studio',
      CONFIRMED: 'confirmée',
      CANCELLED: 'annulée',
      DECLINED: 'refusée',
      EXPIRED: 'expirée',
    } as Record<string, string>,
    studioAt: 'heure du studio',
    closed: 'Cette réservation ne peut plus être modifiée en ligne ; contactez le studio.',
    move: 'Changer d’horaire',
    moveTo: 'Choisissez un nouveau créneau :',
    noSlots: 'Aucun autre créneau libre sur ces dates.',
    later: 'Semaine suivante →',
    earlier: '← Semaine précédente',
    cancel: 'Annuler la réservation',
    cancelNote: 'Un acompte versé reste acquis au studio.',
    cancelled: 'Votre réservation est annulée. Un e-mail vous le confirme.',
    moved: 'Votre réservation a un nouvel horaire. Un e-mail vous le confirme.',
    taken: 'Ce créneau vient d’être pris. Choisissez-en un autre :',
  },
  'en-US': {
    title: 'Your booking',
    status: {
      HELD: 'awaiting payment',
      PENDING: 'awaiting the studio’s confirmation',
      CONFIRMED: 'confirmed',
      CANCELLED: 'cancelled',
      DECLINED: 'declined',
      EXPIRED: 'expired',
    } as Record<string, string>,
    studioAt: 'studio time',
    closed: 'This booking can no longer be changed online; please contact the studio.',
    move: 'Move to another time',
    moveTo: 'Pick a new time:',
    noSlots: 'No other free time on these dates.',
    later: 'Next week →',
    earlier: '← Previous week',
    cancel: 'Cancel the booking',
    cancelNote: 'A deposit paid stays with the studio.',
    cancelled: 'Your booking is cancelled. An email confirms it.',
    moved: 'Your booking has a new time. An email confirms it.',
    taken: 'This time was just taken. Pick another one:',
  },
} as const satisfies Record<PortalLanguage, unknown>;

/** The client's page of their booking: what it is, and what they may do now. */
export interface BookingChangePage {
  face: PortalFace;
  /** The address of this page (with its token): its forms post under it. */
  base: string;
  typeName: string;
  status: string;
  /** YYYY-MM-DD HH:MM on the client's clock and the studio's, with their zones. */
  local: string;
  studioLocal: string;
  timeZone: string;
  studioTimeZone: string;
  /** The booking may change now (within the notice). */
  changeable: boolean;
  /** The booking may move (changeable, and not a hold). */
  movable: boolean;
  slots: PageSlot[];
  week: { earlier: string | null; later: string | null };
  /** What just happened: shown above. */
  notice?: 'cancelled' | 'moved' | 'taken';
}

/** The client's page of their booking by its link (issue 45 §2): cancel it, or move it to a free slot. */
export function renderBookingChange(p: BookingChangePage): string {
  const w = WORDS[languageOf(p.face.locale)];
  const notice = p.notice
    ? `<p class="${p.notice === 'taken' ? 'problem' : 'ok'}" role="${p.notice === 'taken' ? 'alert' : 'status'}">${esc(w[p.notice])}</p>`
    : '';
  const when = `<p><strong>${esc(p.local)}</strong> (${esc(p.timeZone)})${p.studioTimeZone !== p.timeZone ? ` · ${esc(p.studioLocal)} (${esc(w.studioAt)}, ${esc(p.studioTimeZone)})` : ''}</p>`;
  const summary = `<h1>${esc(w.title)}</h1>${notice}<p>${esc(p.typeName)} · ${esc(w.status[p.status] ?? p.status.toLowerCase())}</p>${when}`;
  if (!p.changeable) return page(p.face, w.title, `${summary}${p.notice ? '' : `<p>${esc(w.closed)}</p>`}`);
  const slotButtons = p.slots
    .map(
      (s) =>
        `<button type="submit" name="start" value="${esc(s.start)}" title="${esc(`${s.studio_local} (${w.studioAt}, ${p.studioTimeZone})`)}">${esc(s.local)}</button>`,
    )
    .join(' ');
  const nav = [
    p.week.earlier ? `<a href="${esc(`${p.base}?week=${p.week.earlier}`)}">${esc(w.earlier)}</a>` : '',
    p.week.later ? `<a href="${esc(`${p.base}?week=${p.week.later}`)}">${esc(w.later)}</a>` : '',
  ].join(' ');
  const move = p.movable
    ? `<h2>${esc(w.move)}</h2><form method="post" action="${esc(`${p.base}/reschedule`)}"><p>${esc(w.moveTo)}</p><p class="slots">${slotButtons || esc(w.noSlots)}</p></form><p>${nav}</p>`
    : '';
  const cancel = `<h2>${esc(w.cancel)}</h2><form method="post" action="${esc(`${p.base}/cancel`)}"><p>${esc(w.cancelNote)}</p><button type="submit">${esc(w.cancel)}</button></form>`;
  return page(p.face, w.title, `${summary}${move}${cancel}`);
}
