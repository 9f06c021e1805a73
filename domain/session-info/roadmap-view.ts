import { languageOf } from '../accounts/locale-language';
import { type UserLocale, type WordLocale } from '../accounts/users';

/** What a roadmap shows, already in the studio's language and time zone. */
export interface RoadmapView {
  locale: UserLocale;
  /** The studio's name as its clients know it. */
  studioName: string;
  title: string;
  heading: { details: string; notes: string; answers: string };
  details: [string, string][];
  notes: string | null;
  /** Label and answer in template order; empty when nothing was answered. */
  answers: [string, string][];
}

/** The roadmap's words, per studio language (languageOf). */
export const ROADMAP_WORDS = {
  'fr-FR': {
    roadmap: 'Feuille de route',
    contact: 'Contact',
    start: 'Début',
    end: 'Fin',
    location: 'Lieu',
    notes: 'Notes',
    answers: 'Informations du client',
    details: 'Séance',
  },
  'en-US': {
    roadmap: 'Roadmap',
    contact: 'Contact',
    start: 'Start',
    end: 'End',
    location: 'Location',
    notes: 'Notes',
    answers: 'Client information',
    details: 'Session',
  },
} as const satisfies Record<WordLocale, Record<string, string>>;

/**
 * A moment as the studio reads it: the full date and the time in its own zone and language
 * ("lundi 28 décembre 2026 à 16:00" for a Paris studio, "Monday, December 28, 2026 at 10:00 AM"
 * for a New York one), never a UTC timestamp.
 */
export function formatMoment(instant: Date, locale: UserLocale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(instant);
}

export interface RoadmapInput {
  studio: { name: string; locale: UserLocale; timeZone: string };
  session: { title: string; start: Date | null; end: Date | null; location: string | null; notes: string | null };
  contact: { name: string; email: string | null; phone: string | null } | null;
  answers: [string, string][];
}

/** The roadmap of a session: labels in the studio's language, moments in its zone; empty details left out. */
export function roadmapView({ studio, session, contact, answers }: RoadmapInput): RoadmapView {
  const w = ROADMAP_WORDS[languageOf(studio.locale)];
  const moment = (d: Date | null) => (d ? formatMoment(d, studio.locale, studio.timeZone) : '');
  const details: [string, string][] = [
    [w.contact, contact ? [contact.name, contact.email, contact.phone].filter(Boolean).join(' · ') : ''],
    [w.start, moment(session.start)],
    [w.end, moment(session.end)],
    [w.location, session.location ?? ''],
  ];
  return {
    locale: studio.locale,
    studioName: studio.name,
    title: session.title,
    heading: { details: w.details, notes: w.notes, answers: w.answers },
    details: details.filter(([, v]) => v !== ''),
    notes: session.notes,
    answers,
  };
}
