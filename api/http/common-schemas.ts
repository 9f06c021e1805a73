import { type RouteContext } from './route-kit';
import { parseMilliPercent, percentText } from '../../domain/invoicing/tax-rates';
import { documentCurrencyProblem } from '../../domain/money/document-currency';
import { z } from 'zod';
import { countryProblem, parseCountry } from '../../domain/countries';
import { ianaTimeZone } from '../../domain/time-zone';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../../domain/pagination';

/** Optional free text: trimmed, blank becomes null, longer than the column allows is refused. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .optional();

export const optionalEmail = z
  .string()
  .trim()
  .max(255)
  .transform((s) => (s === '' ? null : s.toLowerCase()))
  .pipe(z.email({ message: 'must be a valid email address' }).nullable())
  .nullable()
  .optional();

export const IdParams = z.object({ id: z.uuid({ message: 'must be a uuid' }) });
export type IdParams = z.infer<typeof IdParams>;
/** What the PUT and PATCH of one resource both take: the signed-in user, its id and the fields sent. */
export type IdBodyContext<B> = Pick<RouteContext<IdParams, unknown, B>, 'user' | 'params' | 'body'>;

/** `?page=&limit=`: page from 1, limit capped at MAX_PAGE_LIMIT. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });

/** ISO 8601 date-time with an offset, or a plain date; null clears it. */
export const optionalDateTime = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .transform((s) => new Date(s))
  .nullable()
  .optional();

/**
 * A decimal amount with at most two places, at least 0 and at most `max` (a number or a string like
 * "120.5"), as the decimal text the column stores ("120.50").
 */
/** A number, or a decimal string with at most two places ("120.5"): what amount fields accept before their bounds. */
export const decimalInput = () =>
  z.union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, 'must be a number with at most two decimals'),
  ]);

export const decimalText = (max: number) =>
  decimalInput()
    .transform((v) => Number(v))
    .pipe(z.number().min(0).max(max))
    .transform((n) => n.toFixed(2));

/** An IANA time zone name such as Europe/Paris or Asia/Kolkata, stored as domain/time-zone.ts spells it. */
export const timeZoneName = z
  .string()
  .max(64)
  .transform((zone, ctx) => {
    const name = ianaTimeZone(zone);
    if (name === null) ctx.addIssue({ code: 'custom', message: 'must be an IANA time zone such as Europe/Paris' });
    return name ?? z.NEVER;
  });

/**
 * A country (domain/countries.ts): its ISO 3166-1 alpha-2 code in any case, or its name in French
 * or English ("France", "Royaume-Uni", "UK"), stored as the code; blank is null; anything else is a
 * 400 naming the field.
 */
/** An ISO 4217 currency a document can be in ("usd" is USD); 400 naming why another is refused. */
export const currencyCode = z
  .string()
  .trim()
  .max(3, 'must be an ISO 4217 code of three letters')
  .transform((s, ctx) => {
    const problem = documentCurrencyProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    return problem ? z.NEVER : s.toUpperCase();
  })
  .describe('ISO 4217 code (USD, EUR, GBP, CAD, AUD…); currencies with two decimal places');

/** A state, province or territory: ISO 3166-2 without the country (NY, QC, NSW); blank is null. */
export const optionalRegion = z
  .string()
  .trim()
  .toUpperCase()
  .transform((s) => (s === '' ? null : s))
  .pipe(
    z
      .string()
      .regex(/^[A-Z0-9]{1,3}$/, 'must be a state or province code (NY, QC, NSW)')
      .nullable(),
  )
  .nullable()
  .optional();

/** One tax of a line or of a studio's rate (issue 30 §2): its name as printed and its rate, with at most three decimals. */
export const TaxInput = z
  .object({
    name: z.string().trim().min(1).max(40).describe('As printed: VAT, GST, HST, PST, QST, Sales tax, NYC sales tax…'),
    rate: z
      .union([z.number(), z.string().trim()])
      .describe('A percentage with at most three decimals: 8.875, "9.975", 20')
      .transform((v, ctx) => {
        try {
          return percentText(parseMilliPercent(v));
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
          return z.NEVER;
        }
      }),
  })
  .strict();

/** A country that must be given (a delivery address, BR-57): as optionalCountry, stored as its code. */
export const requiredCountry = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters')
  .transform((s, ctx) => {
    const code = parseCountry(s);
    if (code === null) ctx.addIssue({ code: 'custom', message: countryProblem(s) });
    return code ?? z.NEVER;
  })
  .describe(
    'A country: its name in French or English (France, United Kingdom) or its ISO 3166-1 alpha-2 code; stored as the code',
  );

export const optionalCountry = z
  .string()
  .trim()
  .max(100, 'must be at most 100 characters')
  .transform((s, ctx) => {
    if (s === '') return null;
    const code = parseCountry(s);
    if (code === null) ctx.addIssue({ code: 'custom', message: countryProblem(s) });
    return code ?? z.NEVER;
  })
  .nullable()
  .optional()
  .describe(
    'A country: its name in French or English (France, Royaume-Uni, United States, UK) or its ISO 3166-1 alpha-2 code in any case; stored as the code',
  );
