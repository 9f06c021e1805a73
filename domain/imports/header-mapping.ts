import { type ImportEntity } from './target-fields';

/**
 * Header → target field, from the spec's "Automatic header mapping" table. Keys are written as
 * the spec lists them; lookups go through `normalizeHeader`, so case, accents, surrounding
 * spaces and the separators `_` / `-` never matter.
 */
const VARIANTS: Record<ImportEntity, Record<string, readonly string[]>> = {
  contacts: {
    first_name: ['First Name', 'firstname', 'first_name', 'Given Name'],
    last_name: ['Last Name', 'lastname', 'last_name', 'Family Name'],
    full_name: ['Name', 'full name', 'full_name'],
    email: ['Email', 'e-mail', 'E-mail 1 - Value', 'E-mail 2 - Value'],
    phone_number: ['Phone', 'phone_number', 'phone number', 'Phone 1 - Value', 'Phone 2 - Value'],
    street: ['Street', 'Address 1 - Street'],
    city: ['City', 'Address 1 - City'],
    zipcode: ['Zipcode', 'zip code', 'postal code', 'Address 1 - Postal Code'],
    country: ['Country', 'Address 1 - Country'],
    notes: ['Notes'],
    contact_type: ['Contact Type', 'contact type', 'type'],
  },
  sessions: {
    title: ['Title'],
    location: ['Location'],
    contact_id: ['Contact ID', 'contact id', 'contact_id'],
    start_date: ['Start Date', 'start date', 'start_date'],
    end_date: ['End Date', 'end date', 'end_date'],
    notes: ['Notes'],
    status: ['Status'],
  },
  quotes: {
    title: ['Title'],
    amount: ['Amount'],
    status: ['Status'],
    valid_until: ['Valid Until', 'valid until', 'valid_until'],
    description: ['Description'],
    session_id: ['Session ID', 'session id', 'session_id'],
    contact_id: ['Contact ID', 'contact id', 'contact_id'],
  },
  invoices: {
    title: ['Title'],
    amount: ['Amount'],
    status: ['Status'],
    due_date: ['Due Date', 'due date', 'due_date'],
    description: ['Description'],
    session_id: ['Session ID', 'session id', 'session_id'],
    contact_id: ['Contact ID', 'contact id', 'contact_id'],
    quote_id: ['Quote ID', 'quote id', 'quote_id'],
  },
};

/**
 * Folds a header for comparison: accents stripped (NFD, combining marks removed), lower case,
 * `_` and runs of spaces made single spaces, trimmed. "  Prénom_ " and "prenom" compare equal.
 */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/_/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const LOOKUP: Record<ImportEntity, Map<string, string>> = Object.fromEntries(
  Object.entries(VARIANTS).map(([entity, targets]) => {
    const map = new Map<string, string>();
    for (const [target, variants] of Object.entries(targets)) for (const v of variants) map.set(normalizeHeader(v), target);
    return [entity, map];
  }),
) as Record<ImportEntity, Map<string, string>>;

/** The target field a header maps to automatically, or undefined when it is not recognised. */
export function targetForHeader(entity: ImportEntity, header: string): string | undefined {
  return LOOKUP[entity].get(normalizeHeader(header));
}

/**
 * The automatic mapping of a file's headers: every recognised header, in file order. Several
 * headers may map to one target (E-mail 1 and E-mail 2): the row builder takes the first
 * non-empty cell among them.
 */
export function autoMapHeaders(entity: ImportEntity, headers: readonly string[]): Record<string, string> {
  // A Map, then fromEntries: a header such as "__proto__" or "constructor" stays a plain key.
  const mapping = new Map<string, string>();
  for (const header of headers) {
    const target = targetForHeader(entity, header);
    if (target !== undefined && !mapping.has(header)) mapping.set(header, target);
  }
  return Object.fromEntries(mapping);
}

/** The header variants per target field, for `POST /api/import/info` and the docs. */
export function headerVariants(entity: ImportEntity): Record<string, readonly string[]> {
  return VARIANTS[entity];
}
