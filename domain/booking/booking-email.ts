import { type WordLocale } from '../accounts/users';
import { esc } from '../html-escape';

/** What the client is told: their booking confirmed, moved, or cancelled. */
export type BookingNews = 'confirmed' | 'rescheduled' | 'cancelled';

export interface BookingEmailFacts {
  studioName: string;
  clientName: string;
  sessionTypeName: string;
  start: Date;
  end: Date;
  /** The client's zone (their clock first) and the studio's (shown beside it when it differs). */
  clientTimeZone: string;
  studioTimeZone: string;
  /** Where: the client's address for a shoot on site, else null. */
  address: string | null;
  /** The locale dates are written in. */
  locale: string;
  /** The client's page of the booking (to move or cancel it), or null (a cancelled one has none). */
  link: string | null;
}

const WORDS: Record<
  WordLocale,
  Record<BookingNews, { subject: string; intro: string }> & { where: string; change: string }
> = {
  'fr-FR': {
    confirmed: { subject: 'Votre réservation est confirmée', intro: 'votre réservation est confirmée :' },
    rescheduled: { subject: 'Votre réservation a changé d’horaire', intro: 'votre réservation a un nouvel horaire :' },
    cancelled: { subject: 'Votre réservation est annulée', intro: 'votre réservation est annulée :' },
    where: 'Adresse',
    change: 'Pour changer d’horaire ou annuler (selon les conditions du studio) :',
  },
  'en-US': {
    confirmed: { subject: 'Your booking is confirmed', intro: 'your booking is confirmed:' },
    rescheduled: { subject: 'Your booking has a new time', intro: 'your booking has a new time:' },
    cancelled: { subject: 'Your booking is cancelled', intro: 'your booking is cancelled:' },
    where: 'Address',
    change: 'To move or cancel it (within the studio’s terms):',
  },
};

/** A time range on a clock: "samedi 5 décembre 2026, 10:00–11:00 (Europe/Paris)". */
function onClock(start: Date, end: Date, timeZone: string, locale: string): string {
  const day = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'full' }).format(start);
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${day}, ${time.format(start)}–${time.format(end)} (${timeZone})`;
}

/**
 * The email a client receives when their booking is confirmed, moved or cancelled (issue 45 §3),
 * in the studio's language: the session type, the time on the client's clock (and the studio's
 * when it differs), the address of a shoot on site. Its invitation (.ics) travels beside it.
 */
export function bookingEmail(
  language: WordLocale,
  news: BookingNews,
  facts: BookingEmailFacts,
): { subject: string; text: string; html: string } {
  const words = WORDS[language];
  const subject = `${words[news].subject} · ${facts.studioName}`;
  const greeting = language === 'fr-FR' ? `Bonjour ${facts.clientName},` : `Hello ${facts.clientName},`;
  const lines = [
    `${facts.sessionTypeName} · ${facts.studioName}`,
    onClock(facts.start, facts.end, facts.clientTimeZone, facts.locale),
    ...(facts.studioTimeZone !== facts.clientTimeZone
      ? [onClock(facts.start, facts.end, facts.studioTimeZone, facts.locale)]
      : []),
    ...(facts.address ? [`${words.where} : ${facts.address}`.replace(' :', language === 'fr-FR' ? ' :' : ':')] : []),
  ];
  const intro = `${greeting} ${words[news].intro}`;
  const link = facts.link
    ? {
        text: `\n${words.change}\n${facts.link}\n`,
        html: `<p>${esc(words.change)}<br><a href="${esc(facts.link)}">${esc(facts.link)}</a></p>`,
      }
    : { text: '', html: '' };
  return {
    subject,
    text: `${intro}\n\n${lines.join('\n')}\n${link.text}`,
    html: `<p>${esc(intro)}</p><p>${lines.map(esc).join('<br>')}</p>${link.html}`,
  };
}
