/**
 * The client who books, as they typed themselves on the booking page: their name, email, phone,
 * time zone (the slots were shown in it), an address when the shoot is on site, and a note.
 */
export interface BookingClient {
  name: string;
  email: string;
  phone: string | null;
  time_zone: string;
  address: string | null;
  /** Their postal address, asked when a deposit is paid at booking: the deposit invoice is addressed to it. */
  street: string | null;
  zipcode: string | null;
  city: string | null;
  notes: string | null;
}

/** The postal address fields a booking asks with a deposit, as the contact keeps them. */
export const POSTAL_FIELDS = ['street', 'zipcode', 'city'] as const;

/**
 * What a booking lacks before it may be made: the shoot's address for an on-site session, and the
 * client's postal address when a deposit is paid at booking (its invoice carries the client's
 * address: France's CGI art. 242 nonies A, and what a UK or Irish VAT invoice, an Australian tax
 * invoice over A$1 000 and most clients' accountants expect). Each problem names its field.
 */
export function missingClientFields(
  client: BookingClient,
  asks: { onSite: boolean; deposit: boolean },
): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (asks.onSite && !client.address)
    problems.push({ path: 'address', message: 'This session happens at your place: give its address' });
  if (asks.deposit)
    for (const field of POSTAL_FIELDS)
      if (!client[field]?.trim())
        problems.push({ path: field, message: 'is required: the deposit’s invoice is addressed to you' });
  return problems;
}

/**
 * A contact's first and last name from the one name a client typed: the last word is the last
 * name ("Marie Claire Dupont" → "Marie Claire", "Dupont"); one word is a first name alone.
 */
export function splitClientName(name: string): { first_name: string; last_name: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { first_name: words[0] ?? '', last_name: '' };
  return { first_name: words.slice(0, -1).join(' '), last_name: words[words.length - 1] };
}
