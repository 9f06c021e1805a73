import { type UserLocale } from '../accounts/users';

/** A day (YYYY-MM-DD) as a document in `locale` writes it: "27 novembre 2026", "November 27, 2026". */
export function formatDay(day: string, locale: UserLocale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
