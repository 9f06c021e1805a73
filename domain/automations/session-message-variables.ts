import { type UserLocale } from '../accounts/users';
import { firstNamesOf, type SessionPerson } from '../sessions/session-people';

/**
 * The `{{ name }}` variables of the messages a session automation sends (SMS and email), the same
 * names the email templates use: the recipient's names, the session's title, place and start, the
 * start written in the reader's language and the studio's time zone ("samedi 6 juin 2026 à
 * 14:30"), and `session.first_names`: everyone of the session, main contact first ("Élodie &
 * Thomas").
 */
export interface SessionMessageSubject {
  session: { title: string; location: string | null; start_date: Date | null };
  contact: { first_name: string | null; last_name: string | null } | null;
  owner: { locale: UserLocale; timeZone: string };
  /** The main contact then the session contacts, in order; absent: the recipient alone. */
  people?: readonly SessionPerson[];
}

export function sessionMessageVariables({
  session,
  contact,
  owner,
  people,
}: SessionMessageSubject): Record<string, string> {
  const start = session.start_date
    ? new Intl.DateTimeFormat(owner.locale, { dateStyle: 'full', timeStyle: 'short', timeZone: owner.timeZone }).format(
        session.start_date,
      )
    : '';
  return {
    'contact.first_name': contact?.first_name ?? '',
    'contact.last_name': contact?.last_name ?? '',
    'session.title': session.title,
    'session.location': session.location ?? '',
    'session.start_date': start,
    'session.first_names': firstNamesOf(
      people ??
        (contact ? [{ first_name: contact.first_name, last_name: contact.last_name, email: null, role: null }] : []),
    ),
  };
}
