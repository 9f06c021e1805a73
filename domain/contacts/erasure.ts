/**
 * Erasing a contact (issue 31 §4, docs/data-retention.md): which of a contact's fields are personal
 * data and what an erased contact holds instead, and how a copy of the contact kept elsewhere (an
 * event payload, a job's input, an email's recipient) loses the contact's values. Pure: the command
 * that applies it is db/commands/erase-contact.ts.
 */

/** The fields of a contact this rule reads and replaces. */
export interface ContactPersonalFields {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone_number: string | null;
  street: string | null;
  city: string | null;
  zipcode: string | null;
  country: string | null;
  notes: string | null;
  contact_type: string | null;
  company_name: string | null;
  siren: string | null;
  vat_number: string | null;
  region: string | null;
  tax_exempt_reference: string | null;
  locale: string | null;
  time_zone: string | null;
}

/** What replaces an erased value in a copy (a string of a payload, a recipient). */
export const ERASED_MARK = '[erased]';

/** The first name an erased contact shows (a contact keeps a first or a last name: the table's rule). */
export const ERASED_FIRST_NAME = 'Erased';

/**
 * Every personal field of a contact, with what an erased contact holds instead: the name becomes
 * "Erased", everything that could identify or describe the person (address, phone, email, notes,
 * company identifiers, region, tax-exempt reference, even the free-text contact type, the language
 * and time zone) is emptied. `reverse_charge` and `reminders_paused` are not personal: reminders are
 * paused because there is no one left to remind.
 */
export const ERASED_CONTACT: Readonly<ContactPersonalFields> = Object.freeze({
  first_name: ERASED_FIRST_NAME,
  last_name: null,
  email: null,
  phone_number: null,
  street: null,
  city: null,
  zipcode: null,
  country: null,
  notes: null,
  contact_type: null,
  company_name: null,
  siren: null,
  vat_number: null,
  region: null,
  tax_exempt_reference: null,
  locale: null,
  time_zone: null,
});

/** The columns an erased contact is written with: the personal fields replaced, reminders paused. */
export const erasedContactColumns = (erasedAt: Date) => ({
  ...ERASED_CONTACT,
  reverse_charge: false,
  reminders_paused: true,
  erased_at: erasedAt,
});

/** The personal fields that held a value: what the audit row says was removed (names, never values). */
export function erasedFieldNames(contact: ContactPersonalFields): (keyof ContactPersonalFields)[] {
  return (Object.keys(ERASED_CONTACT) as (keyof ContactPersonalFields)[]).filter((field) => {
    const value = contact[field];
    return typeof value === 'string' && value.trim() !== '' && value !== ERASED_CONTACT[field];
  });
}

/**
 * The values a copy of the contact is searched for. `strong` ones identify the person wherever they
 * appear in a text (an email, a phone number, the full name, a street, a company and its numbers):
 * each occurrence is replaced. `weak` ones (a first or last name alone, a city, a postcode, the
 * notes, the contact type) identify only as a whole value: a string that is exactly one of them is
 * replaced, while "Martin" inside "Saint-Martin" is left alone.
 */
export interface ErasureNeedles {
  strong: string[];
  weak: string[];
}

/** Shorter than this, a strong value would match inside unrelated words: it is only matched whole. */
const MIN_STRONG_LENGTH = 5;

const clean = (value: string | null | undefined) => value?.replace(/\s+/g, ' ').trim() ?? '';

/** The needles of one contact, read before its fields are replaced. */
export function erasureNeedles(contact: ContactPersonalFields): ErasureNeedles {
  const first = clean(contact.first_name);
  const last = clean(contact.last_name);
  const candidates = [
    clean(contact.email),
    clean(contact.phone_number),
    first && last ? `${first} ${last}` : '',
    first && last ? `${last} ${first}` : '',
    clean(contact.street),
    clean(contact.company_name),
    clean(contact.siren),
    clean(contact.vat_number),
    clean(contact.tax_exempt_reference),
  ].filter(Boolean);
  const strong = candidates.filter((v) => v.length >= MIN_STRONG_LENGTH);
  const weak = [
    ...candidates.filter((v) => v.length < MIN_STRONG_LENGTH),
    first,
    last,
    clean(contact.city),
    clean(contact.zipcode),
    clean(contact.notes),
    clean(contact.contact_type),
  ].filter((v) => v !== '' && v !== ERASED_FIRST_NAME);
  return { strong: unique(strong), weak: unique(weak) };
}

const unique = (values: string[]) => [...new Map(values.map((v) => [v.toLowerCase(), v])).values()];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A scrubber for one contact's needles, compiled once and applied to many copies. */
export interface Scrubber {
  /** The needles, lower-cased, for a first filter in the database (`ILIKE`): strong ones only. */
  readonly strong: readonly string[];
  /** One text with the contact's values replaced; the same string when nothing matched. */
  text(value: string): string;
  /** A JSON value (an event payload, a job's input or result) with every string scrubbed; keys are kept. */
  json<T>(value: T): T;
}

/**
 * The scrubber of `needles`: a string equal (ignoring case and surrounding spaces) to any needle
 * becomes ERASED_MARK; otherwise each occurrence of a strong needle is replaced by it, in one pass
 * (longest needles first), so a replacement is never searched again.
 */
export function scrubberOf(needles: ErasureNeedles): Scrubber {
  const whole = new Set([...needles.strong, ...needles.weak].map((n) => clean(n).toLowerCase()));
  const strong = [...needles.strong].sort((a, b) => b.length - a.length);
  const pattern = strong.length > 0 ? new RegExp(strong.map(escapeRegExp).join('|'), 'giu') : null;
  const text = (value: string): string => {
    if (whole.has(clean(value).toLowerCase())) return ERASED_MARK;
    return pattern ? value.replace(pattern, ERASED_MARK) : value;
  };
  const json = <T>(value: T): T => {
    if (typeof value === 'string') {
      const scrubbed = text(value);
      return (scrubbed === value ? value : scrubbed) as T;
    }
    if (Array.isArray(value)) {
      const items = value.map((v: unknown) => json(v));
      return (items.every((v, i) => v === value[i]) ? value : items) as T;
    }
    if (value !== null && typeof value === 'object') {
      let changed = false;
      const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => {
        const scrubbed = json(v);
        if (scrubbed !== v) changed = true;
        return [k, scrubbed] as const;
      });
      return (changed ? Object.fromEntries(entries) : value) as T;
    }
    return value;
  };
  return { strong: strong.map((n) => n.toLowerCase()), text, json };
}
