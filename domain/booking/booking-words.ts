import { type UserLocale } from '../accounts/users';

/** The deposit invoice of a booking, titled in the studio's language: "Acompte – Portrait", "Deposit – Portrait". */
export function depositTitle(locale: UserLocale, sessionTypeName: string): string {
  return `${locale.startsWith('fr') ? 'Acompte' : 'Deposit'} – ${sessionTypeName}`.slice(0, 255);
}

/** Its one line: the session type and the booked time on the client's clock. */
export function depositLine(locale: UserLocale, sessionTypeName: string, localStart: string): string {
  return locale.startsWith('fr')
    ? `Acompte à la réservation : ${sessionTypeName}, ${localStart}`
    : `Deposit paid at booking: ${sessionTypeName}, ${localStart}`;
}
