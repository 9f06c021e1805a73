/**
 * The `{{ name }}` variables of the messages a session workflow sends (SMS and email), the same
 * names the email templates use: the contact's names, the session's title, place and start, the
 * start written in the studio's language and time zone ("samedi 6 juin 2026 à 14:30").
 */
export interface SessionMessageSubject {
  session: { title: string; location: string | null; start_date: Date | null };
  contact: { first_name: string | null; last_name: string | null } | null;
  owner: { locale: 'fr-FR' | 'en-US'; timeZone: string };
}

export function sessionMessageVariables({ session, contact, owner }: SessionMessageSubject): Record<string, string> {
  const start = session.start_date
    ? new Intl.DateTimeFormat(owner.locale, { dateStyle: 'full', timeStyle: 'short', timeZone: owner.timeZone }).format(session.start_date)
    : '';
  return {
    'contact.first_name': contact?.first_name ?? '',
    'contact.last_name': contact?.last_name ?? '',
    'session.title': session.title,
    'session.location': session.location ?? '',
    'session.start_date': start,
  };
}
