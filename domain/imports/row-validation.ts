import { documentCurrencyProblem } from '../money/document-currency';
import { z } from 'zod';
import { supportedLocale } from '../accounts/client-locale';
import { USER_LOCALES } from '../accounts/users';
import { clientIdentifierProblems, normalizeClientIdentifiers } from '../company/client-identifiers';
import { countryProblem, parseCountry } from '../countries';
import {
  type InvoiceStatus,
  LEGACY_INVOICE_STATUSES,
  type LegacyInvoiceStatus,
  QUOTE_STATUSES,
} from '../invoicing/statuses';
import { SESSION_STATUSES } from '../sessions/session-status';
import { type CellDateTime, parseAmount, parseDateOnly, parseDateTime } from './cell-values';
import { splitFullName } from './row-record';
import { type ImportEntity } from './target-fields';
import { instantOf } from './zoned-time';

/**
 * Every rule below mirrors what the table refuses (db/migrations: lengths, CHECKs, decimal(10,2),
 * enums), so a valid row always fits and a bad one is an error on its line, never a failed batch
 * (test/unit/imports/row-validation.test.ts checks valid rows against those constraints). Lengths
 * count UTF-16 units, never fewer than PostgreSQL's characters.
 */
const text = (max: number) => storable(z.string().max(max, `is longer than ${max} characters`)).optional();
const required = (max: number) =>
  storable(z.string({ error: 'is required' }).min(1, 'is required').max(max, `is longer than ${max} characters`));

/**
 * PostgreSQL text holds no NUL character, and the batch travels as JSON, where a lone surrogate
 * (half of an emoji, from a broken spreadsheet) is refused: either would fail the whole batch.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
function storable<T extends z.ZodType<string>>(schema: T) {
  return schema.refine((s) => !s.includes('\u0000') && !LONE_SURROGATE.test(s), {
    message: 'contains a character that cannot be stored (NUL or half of a character)',
  });
}
const uuid = z.uuid({ error: 'is not a valid id' }).optional();
const upper = (values: readonly [string, ...string[]]) =>
  z
    .string()
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(values, { error: `must be one of ${values.join(', ')}` }))
    .optional();
// Spec: an amount is a positive number (CHECK (amount >= 0)); 0 is refused too, as a written 0 is
// almost always a missing price. An empty cell takes the table's default, 0.
const amount = z
  .string()
  .transform(
    (s, ctx) =>
      parseAmount(s) ??
      (ctx.addIssue({ code: 'custom', message: 'is not an amount (at most 99 999 999.99)' }), z.NEVER),
  )
  .refine((a) => Number(a) > 0, { message: 'must be a positive number' })
  .optional();
const dateOnly = z
  .string()
  .transform(
    (s, ctx) =>
      parseDateOnly(s) ??
      (ctx.addIssue({ code: 'custom', message: 'is not a date (YYYY-MM-DD or DD/MM/YYYY)' }), z.NEVER),
  )
  .optional();
const dateTime = z
  .string()
  .transform(
    (s, ctx): CellDateTime =>
      parseDateTime(s) ??
      (ctx.addIssue({ code: 'custom', message: 'is not a date (YYYY-MM-DD, optionally with a time)' }), z.NEVER),
  )
  .optional();

/** Language names a studio may type instead of a code. */
const LANGUAGE_NAMES = new Map([
  ['english', 'en'],
  ['anglais', 'en'],
  ['french', 'fr'],
  ['français', 'fr'],
  ['francais', 'fr'],
]);
/** The locale the contact reads: one of USER_LOCALES as typed (`fr_CA`, `en-gb`), else its language's (`en`, `English`, `Français`, `fr-BE`); empty keeps the studio's. */
const LOCALE_LIST = `${USER_LOCALES.slice(0, -1).join(', ')} or ${USER_LOCALES[USER_LOCALES.length - 1]}`;
const locale = z
  .string()
  .transform((s, ctx) =>
    s === ''
      ? undefined
      : (supportedLocale(LANGUAGE_NAMES.get(s.toLowerCase()) ?? s) ??
        (ctx.addIssue({ code: 'custom', message: `must be ${LOCALE_LIST}` }), z.NEVER)),
  )
  .optional();

/** A country as the contacts API reads it (domain/countries.ts): a French or English name or an ISO code, written as the code. */
const country = z
  .string()
  .max(100, 'is longer than 100 characters')
  .transform((s, ctx) => parseCountry(s) ?? (ctx.addIssue({ code: 'custom', message: countryProblem(s) }), z.NEVER))
  .optional();

/** A state or province code (NY, QC, NSW), as a contact's `region`; empty: none. */
const region = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.union([z.literal(''), z.string().regex(/^[A-Z0-9]{1,3}$/, 'must be a state or province code (NY, QC, NSW)')]))
  .transform((s) => s || undefined)
  .optional();

const YES = new Set(['yes', 'y', 'true', '1', 'x', 'oui', 'o', 'vrai']);
const NO = new Set(['no', 'n', 'false', '0', 'non', 'faux']);
/** A yes/no cell, in English or French (yes, no, true, false, 1, 0, x, oui, non…); empty: not said. */
const yesNo = z
  .string()
  .transform((s, ctx) => {
    const v = s.trim().toLowerCase();
    if (v === '') return undefined;
    if (YES.has(v)) return true;
    if (NO.has(v)) return false;
    ctx.addIssue({ code: 'custom', message: 'must be yes or no' });
    return z.NEVER;
  })
  .optional();

const ContactRow = z
  .object({
    first_name: text(100),
    last_name: text(100),
    email: storable(
      z.email({ error: 'is not a valid e-mail address' }).max(255, 'is longer than 255 characters'),
    ).optional(),
    phone_number: text(50),
    street: text(255),
    city: text(100),
    zipcode: text(20),
    country,
    notes: text(10_000),
    contact_type: text(50),
    locale,
    company_name: text(255),
    siren: text(20),
    vat_number: text(20),
    region,
    tax_exempt_reference: text(100),
    reverse_charge: yesNo,
  })
  .refine((c) => Boolean(c.first_name || c.last_name), { message: 'or last_name is required', path: ['first_name'] });

/** Sessions compare their dates as instants, as CHECK (end_date >= start_date) does: offsets and DST included. */
const sessionRow = (timeZone: string) =>
  z
    .object({
      title: required(255),
      location: required(255),
      contact_id: z.uuid({ error: 'is not a valid id' }),
      start_date: dateTime,
      end_date: dateTime,
      notes: text(10_000),
      status: upper(SESSION_STATUSES),
      // A session type's name (user_session_types.name is varchar(255)); matched to a type by the import.
      session_type: text(255),
      // Members' addresses, `;` between two (domain/teams/assignment-cells.ts reads them).
      lead: text(255),
      second_shooters: text(2_000),
      assistants: text(2_000),
    })
    .refine(
      (s) =>
        !s.start_date ||
        !s.end_date ||
        instantOf(s.start_date, timeZone).getTime() <= instantOf(s.end_date, timeZone).getTime(),
      {
        message: 'must not be before start_date',
        path: ['end_date'],
      },
    );
const sessionRows = new Map<string, ReturnType<typeof sessionRow>>();
const sessionRowIn = (timeZone: string) =>
  sessionRows.get(timeZone) ?? sessionRows.set(timeZone, sessionRow(timeZone)).get(timeZone)!;

const relation = (r: { session_id?: string; contact_id?: string }) => Boolean(r.session_id || r.contact_id);
const relationMessage = { message: 'or session_id is required', path: ['contact_id'] };

/** A document's currency as a cell says it ("usd", "EUR"); empty: the studio's (db/commands/write-import-batch.ts). */
const currency = z
  .string()
  .transform((s, ctx) => {
    const problem = documentCurrencyProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    return problem ? z.NEVER : s.trim().toUpperCase();
  })
  .optional();

const QuoteRow = z
  .object({
    title: required(255),
    amount,
    status: upper(QUOTE_STATUSES),
    valid_until: dateOnly,
    description: text(10_000),
    session_id: uuid,
    contact_id: uuid,
    currency,
  })
  .refine(relation, relationMessage);

const InvoiceRow = z
  .object({
    title: required(10_000),
    amount,
    // DRAFT, or an issued invoice of the studio's previous tool: ISSUED, or the former SENT, PAID
    // and OVERDUE, read as the migration reads them (db/commands/write-import-batch.ts).
    status: upper(['DRAFT', 'ISSUED', ...LEGACY_INVOICE_STATUSES] satisfies (InvoiceStatus | LegacyInvoiceStatus)[] as [
      string,
      ...string[],
    ]),
    due_date: dateOnly,
    description: text(10_000),
    session_id: uuid,
    contact_id: uuid,
    quote_id: uuid,
    currency,
  })
  .refine(relation, relationMessage);

const ROW_SCHEMAS = { contacts: ContactRow, sessions: sessionRow('UTC'), quotes: QuoteRow, invoices: InvoiceRow };

/** A row ready to write, per entity. */
export type ValidRow<E extends ImportEntity> = z.infer<(typeof ROW_SCHEMAS)[E]>;

export type RowValidation<E extends ImportEntity> = { ok: true; value: ValidRow<E> } | { ok: false; message: string };

/**
 * Validates one mapped record (target field → trimmed cell text). For contacts, `full_name` fills
 * first and last name when both are absent. The message names each failing field in words a
 * studio owner understands: "email is not a valid e-mail address; title is required". Session
 * dates without an offset are read in `timeZone` (the studio's) to compare them.
 */
export function validateRow<E extends ImportEntity>(
  entity: E,
  record: Record<string, string>,
  timeZone = 'UTC',
): RowValidation<E> {
  let input: Record<string, string> = record;
  if (entity === 'contacts') {
    const { full_name, ...rest } = record;
    input = !rest.first_name && !rest.last_name && full_name ? { ...rest, ...splitFullName(full_name) } : rest;
  }
  const schema = entity === 'sessions' ? sessionRowIn(timeZone) : ROW_SCHEMAS[entity];
  const result = schema.safeParse(input);
  if (result.success && entity === 'contacts') {
    // A client company's identifiers as the contacts API stores and checks them.
    const contact = normalizeClientIdentifiers(
      result.data as { siren?: string | null; vat_number?: string | null; country?: string | null },
    );
    const problems = clientIdentifierProblems(contact);
    if (problems.length) return { ok: false, message: problems.map((p) => `${p.path} ${p.message}`).join('; ') };
    return { ok: true, value: contact as ValidRow<E> };
  }
  if (result.success) return { ok: true, value: result.data as ValidRow<E> };
  const message = result.error.issues
    .map((issue) => `${issue.path.map(String).join('.') || 'row'} ${issue.message}`)
    .join('; ');
  return { ok: false, message };
}
