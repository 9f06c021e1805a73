import { formatDateInZone } from '../wall-clock';

/**
 * Legal document numbers (issue 20 §2): a per-studio format and the value of a counter row that
 * the issuing transaction locks and increments. This module only formats, validates and parses;
 * the counter itself lives in the database, so a rolled-back issue consumes no value.
 */

/** The three numbered series: invoices, credit notes (avoirs) and quotes each count on their own. */
export const DOCUMENT_SERIES = ['invoice', 'credit_note', 'quote'] as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];

/** `yearly`: the counter starts again at 1 each year; `continuous`: it never restarts. */
export const SEQUENCE_RESETS = ['yearly', 'continuous'] as const;
export type SequenceReset = (typeof SEQUENCE_RESETS)[number];

/** The formats a studio starts with (issue 20 §2), each with a yearly sequence. */
export const DEFAULT_NUMBER_FORMATS: Readonly<Record<DocumentSeries, string>> = {
  invoice: 'F-{YYYY}-{seq:5}',
  credit_note: 'AV-{YYYY}-{seq:5}',
  quote: 'D-{YYYY}-{seq:5}',
};

/** The longest format accepted, and the most digits `{seq:N}` may pad to. */
export const MAX_FORMAT_LENGTH = 40;
export const MAX_SEQ_WIDTH = 10;

/**
 * Characters allowed outside tokens: letters, digits and `- _ / . #`. No spaces or accents, so a
 * number survives file names, bank transfer references and accounting exports unchanged.
 */
const LITERAL = /^[A-Za-z0-9_/.#-]*$/;
const TOKEN = /\{([^{}]*)\}/g;

type Part = { kind: 'literal'; text: string } | { kind: 'YYYY' | 'YY' | 'MM' } | { kind: 'seq'; width: number };

interface Parsed {
  parts: Part[];
  problems: string[];
}

function parseFormat(format: string): Parsed {
  const parts: Part[] = [];
  const problems: string[] = [];
  let last = 0;
  const literal = (text: string) => {
    if (!text) return;
    if (/[{}]/.test(text))
      problems.push(`Unbalanced brace in "${text}": tokens are written {YYYY}, {YY}, {MM} or {seq:N}`);
    else if (!LITERAL.test(text)) problems.push(`"${text}" has a character other than letters, digits and - _ / . #`);
    parts.push({ kind: 'literal', text });
  };
  for (const match of format.matchAll(TOKEN)) {
    literal(format.slice(last, match.index));
    last = match.index + match[0].length;
    const name = match[1];
    const seq = /^seq(?::(\d+))?$/.exec(name);
    if (name === 'YYYY' || name === 'YY' || name === 'MM') parts.push({ kind: name });
    else if (seq) {
      const width = seq[1] === undefined ? NaN : Number(seq[1]);
      if (!(width >= 1 && width <= MAX_SEQ_WIDTH))
        problems.push(`{${name}} must give the number of digits, from 1 to ${MAX_SEQ_WIDTH}: {seq:5}`);
      parts.push({ kind: 'seq', width: width >= 1 && width <= MAX_SEQ_WIDTH ? width : 1 });
    } else problems.push(`Unknown token {${name}}: use {YYYY}, {YY}, {MM} or {seq:N}`);
  }
  literal(format.slice(last));
  return { parts, problems };
}

/**
 * What is wrong with a numbering format, as messages for the studio; empty when it is valid.
 * A format has exactly one `{seq:N}`, known tokens only, at most MAX_FORMAT_LENGTH characters,
 * and, for a yearly sequence, `{YYYY}` or `{YY}`: the counter restarts each year, so without the
 * year F-00001 would be printed once a year.
 */
export function numberFormatProblems(format: string, reset: SequenceReset): string[] {
  if (format.length === 0) return ['The format is empty: it needs at least {seq:N}'];
  if (format.length > MAX_FORMAT_LENGTH)
    return [`The format has ${format.length} characters; at most ${MAX_FORMAT_LENGTH} are allowed`];
  const { parts, problems } = parseFormat(format);
  const seqCount = parts.filter((p) => p.kind === 'seq').length;
  if (seqCount === 0) problems.push('The format has no {seq:N}: every number needs the counter');
  if (seqCount > 1) problems.push(`The format has ${seqCount} {seq} tokens; it needs exactly one`);
  if (reset === 'yearly' && !parts.some((p) => p.kind === 'YYYY' || p.kind === 'YY')) {
    problems.push('A yearly sequence restarts at 1 each year: the format needs {YYYY} or {YY} so numbers stay unique');
  }
  return problems;
}

/** The year of `issuedAt` on the studio's calendar: 23:30 on 31 December in Paris is that year, though UTC says the next. */
export function yearInZone(issuedAt: Date, timeZone: string): number {
  return Number(formatDateInZone(issuedAt, timeZone).slice(0, 4));
}

/**
 * The counter a number is drawn from: one per series and year for a yearly sequence, one per
 * series for a continuous one. `key` is the same pair as text, for maps and logs.
 */
export interface CounterKey {
  series: DocumentSeries;
  year: number | null;
  key: string;
}

/** The counter of a document of `series` issued at `issuedAt` (the year is the studio's, see yearInZone). */
export function counterKey(series: DocumentSeries, reset: SequenceReset, issuedAt: Date, timeZone: string): CounterKey {
  if (reset === 'continuous') return { series, year: null, key: series };
  const year = yearInZone(issuedAt, timeZone);
  return { series, year, key: `${series}:${year}` };
}

function validParts(format: string, reset: SequenceReset): Part[] {
  const problems = numberFormatProblems(format, reset);
  if (problems.length) throw new RangeError(`Invalid number format "${format}": ${problems.join('; ')}`);
  return parseFormat(format).parts;
}

/**
 * The number of the document holding counter value `seq` (1, 2, ...), issued at `issuedAt`.
 * `{seq:N}` is zero-padded to N digits and grows past N rather than being cut (F-2026-100000).
 * Throws a RangeError on an invalid format or counter value: both are checked before issue.
 */
export function formatDocumentNumber(
  format: string,
  reset: SequenceReset,
  seq: number,
  issuedAt: Date,
  timeZone: string,
): string {
  if (!Number.isSafeInteger(seq) || seq < 1) throw new RangeError(`A counter value is a whole number from 1: ${seq}`);
  const date = formatDateInZone(issuedAt, timeZone);
  return validParts(format, reset)
    .map((part) => {
      switch (part.kind) {
        case 'literal':
          return part.text;
        case 'YYYY':
          return date.slice(0, 4);
        case 'YY':
          return date.slice(2, 4);
        case 'MM':
          return date.slice(5, 7);
        case 'seq':
          return String(seq).padStart(part.width, '0');
      }
    })
    .join('');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * The counter value of `documentNumber` read back through `format`, or null when the number was
 * not made by that format. Unambiguous: `{seq}` is the only token of varying width. Numbers of
 * one counter sort in counter order by this value, not as text (F-2026-99999 < F-2026-100000).
 */
export function sequenceOf(format: string, reset: SequenceReset, documentNumber: string): number | null {
  const pattern = validParts(format, reset)
    .map((part) =>
      part.kind === 'literal'
        ? escape(part.text)
        : part.kind === 'seq'
          ? `(\\d{${part.width},})`
          : part.kind === 'YYYY'
            ? '\\d{4}'
            : '\\d{2}',
    )
    .join('');
  const match = new RegExp(`^${pattern}$`).exec(documentNumber);
  if (!match) return null;
  const seq = Number(match[1]);
  return Number.isSafeInteger(seq) && seq >= 1 ? seq : null;
}

/**
 * The number of a document issued at `issuedAt`, before its counter value is known: what comes
 * before and after `{seq:N}`, and N. `prefix + seq padded to width (never cut) + suffix` equals
 * formatDocumentNumber for every seq, so the database can build the number in the statement that
 * draws the counter value (the lock on the counter row is then held the shortest time).
 */
export function numberTemplate(
  format: string,
  reset: SequenceReset,
  issuedAt: Date,
  timeZone: string,
): { prefix: string; width: number; suffix: string } {
  const parts = validParts(format, reset);
  const date = formatDateInZone(issuedAt, timeZone);
  const text = (part: Part) =>
    part.kind === 'literal'
      ? part.text
      : part.kind === 'YYYY'
        ? date.slice(0, 4)
        : part.kind === 'YY'
          ? date.slice(2, 4)
          : part.kind === 'MM'
            ? date.slice(5, 7)
            : '';
  const at = parts.findIndex((p) => p.kind === 'seq');
  const seq = parts[at] as Extract<Part, { kind: 'seq' }>;
  return {
    prefix: parts.slice(0, at).map(text).join(''),
    width: seq.width,
    suffix: parts
      .slice(at + 1)
      .map(text)
      .join(''),
  };
}
