import { type CellDateTime } from './cell-values';
import { type ImportEntity } from './target-fields';
import { formatDateInZone } from '../wall-clock';

/**
 * The keys a row is matched on with updateExisting, strongest first (spec: matching): contacts by
 * e-mail, then first plus last name; sessions by title plus start date; quotes and invoices by
 * title. Keys are lower-cased and trimmed, as the lower(...) indexes that serve them.
 */
export function matchKeys(entity: ImportEntity, row: Record<string, unknown>, timeZone: string): string[] {
  const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');
  if (entity === 'contacts') {
    const keys: string[] = [];
    if (lower(row.email)) keys.push(`email:${lower(row.email)}`);
    if (lower(row.first_name) || lower(row.last_name))
      keys.push(`name:${lower(row.first_name)}\u0000${lower(row.last_name)}`);
    return keys;
  }
  if (entity === 'sessions') {
    const start = row.start_date as CellDateTime | undefined;
    if (!start || !lower(row.title)) return [];
    return [`session:${lower(row.title)}\u0000${localDate(start, timeZone)}`];
  }
  return lower(row.title) ? [`title:${lower(row.title)}`] : [];
}

/**
 * The calendar date of a cell in the studio's time zone: a cell without an offset is already
 * local; one with an offset is converted (23:30-05:00 in New York is the next day in Paris).
 */
export function localDate(value: CellDateTime, timeZone: string): string {
  if (value.offset === undefined) return value.date;
  const instant = new Date(`${value.date}T${value.time}${value.offset}`);
  if (Number.isNaN(instant.getTime())) return value.date;
  try {
    return formatDateInZone(instant, timeZone);
  } catch {
    return value.date;
  }
}

/** The same key for a record already stored, so rows and records compare alike. */
export function storedMatchKeys(
  entity: ImportEntity,
  record: {
    email?: string | null;
    first_name?: string | null;
    last_name?: string | null;
    title?: string | null;
    start_date?: Date | null;
  },
  timeZone: string,
): string[] {
  if (entity === 'sessions') {
    if (!record.start_date) return [];
    const iso = record.start_date.toISOString();
    return matchKeys(
      entity,
      { title: record.title, start_date: { date: iso.slice(0, 10), time: iso.slice(11, 19), offset: '+00:00' } },
      timeZone,
    );
  }
  return matchKeys(entity, record, timeZone);
}

/** What a database lookup needs to find the records that may share these keys. */
export interface KeyLookups {
  emails: string[];
  /** (first, last) name pairs, '' for an absent name, as two arrays of the same length. */
  firstNames: string[];
  lastNames: string[];
  /** Titles of quotes and invoices, and of sessions (the start date is compared on the keys). */
  titles: string[];
}

/** The distinct lookup values of a set of keys (the database lower-cases and trims the same way). */
export function keyLookups(keys: Iterable<string>): KeyLookups {
  const lookups: KeyLookups = { emails: [], firstNames: [], lastNames: [], titles: [] };
  const titles = new Set<string>();
  for (const key of new Set(keys)) {
    const colon = key.indexOf(':');
    const [kind, value] = [key.slice(0, colon), key.slice(colon + 1)];
    if (kind === 'email') lookups.emails.push(value);
    else if (kind === 'name') {
      const [first, last] = value.split('\u0000');
      lookups.firstNames.push(first);
      lookups.lastNames.push(last ?? '');
    } else if (kind === 'title') titles.add(value);
    else if (kind === 'session') titles.add(value.split('\u0000')[0]);
  }
  lookups.titles = [...titles];
  return lookups;
}
