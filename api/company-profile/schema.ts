import { normalizeTaxNumber, registrationProblem, TAX_REGISTRATION_KINDS } from '../../domain/regimes/registrations';
import { z } from 'zod';
import { VAT_REGIMES } from '../../domain/e-reporting/reporting-periods';
import { compact } from '../../domain/regimes/check-digits';
import { studioTaxRateProblems } from '../../domain/invoicing/studio-tax-rates';
import {
  currencyCode,
  decimalText,
  optionalCountry,
  optionalEmail,
  optionalRegion,
  optionalText,
  TaxInput,
} from '../http/common-schemas';

/** An identifier as typed (`912 345 678`, `fr 44 …`): spaces, dots and dashes dropped, upper case; blank is null. */
const identifier = (max: number) =>
  z
    .string()
    .transform((s) => compact(s).toUpperCase())
    .pipe(z.string().max(max, `must be at most ${max} characters`))
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .optional();

/** One tax registration as typed: its number normalised (spaces dropped, VAT prefix added), then checked. */
const TaxRegistrationInput = z
  .object({
    kind: z.enum(TAX_REGISTRATION_KINDS),
    number: z.string().trim().min(1, 'is required').max(40),
    /** The US state or Canadian province that issued it (NY, QC), where the kind is per region. */
    region: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'must be a two-letter state or province code (NY, QC)')
      .nullable()
      .optional(),
  })
  .strict()
  .transform((r, ctx) => {
    const registration = { kind: r.kind, number: normalizeTaxNumber(r.kind, r.number), region: r.region ?? null };
    const problem = registrationProblem(registration);
    if (problem) ctx.addIssue({ code: 'custom', path: ['number'], message: problem });
    return registration;
  });

/** One of the studio's reusable tax rates (issue 30 §2). */
const StudioTaxRateInput = z
  .object({
    name: z.string().trim().min(1).max(60),
    taxes: z.array(TaxInput).max(5),
    regions: z.array(optionalRegion.unwrap().unwrap()).max(80).default([]),
    is_default: z.boolean().default(false),
  })
  .strict()
  .transform((r) => ({ ...r, regions: r.regions.filter((x): x is string => x !== null) }));

/** PUT /api/users/me/company: the whole profile; a field left out is cleared. */
export const CompanyProfileBody = z
  .object({
    company_name: z.string().trim().min(1, 'is required').max(255),
    legal_form: optionalText(100),
    share_capital: decimalText(999_999_999_999.99).nullable().optional(),
    siren: identifier(20),
    siret: identifier(20),
    vat_number: identifier(20),
    rcs_city: optionalText(100),
    company_street: optionalText(255),
    company_zipcode: optionalText(20),
    company_city: optionalText(100),
    company_country: optionalCountry,
    /** The studio's state or province (NY, QC), where its taxes depend on it. */
    company_region: optionalRegion,
    /** The tax rates the studio reuses: a line picks one by name, or takes its client's region's, else the default. */
    tax_rates: z.array(StudioTaxRateInput).max(100).optional(),
    /** Left out or null: the country's (USD for US, GBP for GB, CAD, AUD, EUR...). */
    currency: currencyCode.nullable().optional(),
    /** VAT (GB, IE), ABN, Canadian BN, GST/HST and QST numbers, US sales tax permits; each checked as its authority builds it. */
    tax_registrations: z.array(TaxRegistrationInput).max(20).optional(),
    email: optionalEmail,
    phone: optionalText(50),
    iban: identifier(34),
    bic: identifier(11),
    vat_exempt: z.boolean().optional(),
    /**
     * The studio opted for VAT on debits (option pour le paiement de la taxe d'après les débits): its
     * French invoices say so and no cashed status is sent to its platform (issue 32 §5).
     */
    vat_on_debits: z
      .boolean()
      .optional()
      .describe("Opted for VAT on debits (option pour le paiement de la taxe d'après les débits); false when left out"),
    /** A French studio's VAT regime: how often it e-reports (docs/e-invoicing.md, "E-reporting"). */
    vat_regime: z.enum(VAT_REGIMES).nullable().optional(),
    late_payment_rate: decimalText(100).nullable().optional(),
    payment_terms_days: z.number().int().min(0).max(365).nullable().optional(),
  })
  .strict()
  .superRefine((profile, ctx) => {
    for (const problem of studioTaxRateProblems(profile.tax_rates ?? []))
      ctx.addIssue({
        code: 'custom',
        path: problem.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        message: problem.message,
      });
  });
export type CompanyProfileBody = z.infer<typeof CompanyProfileBody>;

export const CompanyProfileView = z.object({
  company_name: z.string(),
  legal_form: z.string().nullable(),
  share_capital: z.string().nullable(),
  siren: z.string().nullable(),
  siret: z.string().nullable(),
  vat_number: z.string().nullable(),
  rcs_city: z.string().nullable(),
  company_street: z.string().nullable(),
  company_zipcode: z.string().nullable(),
  company_city: z.string().nullable(),
  company_country: z
    .string()
    .nullable()
    .describe('ISO 3166-1 alpha-2 code (a profile saved before 2026-11-25 may hold a text no country was read from)'),
  /** The country's name in the requester's language (France, Royaume-Uni); a legacy text as it is. */
  company_country_name: z.string().nullable().describe("The country's name in the studio user's language"),
  company_region: z.string().nullable(),
  tax_rates: z.array(
    z.object({
      name: z.string(),
      taxes: z.array(z.object({ name: z.string(), rate: z.string() })),
      regions: z.array(z.string()),
      is_default: z.boolean(),
    }),
  ),
  tax_registrations: z.array(
    z.object({ kind: z.enum(TAX_REGISTRATION_KINDS), number: z.string(), region: z.string().nullable() }),
  ),
  currency: z
    .string()
    .describe(
      "ISO 4217 code new documents are in: the one the studio set, else its country's (USD, GBP, CAD, AUD, EUR)",
    ),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  vat_exempt: z.boolean(),
  vat_on_debits: z.boolean(),
  vat_regime: z.enum(VAT_REGIMES).nullable(),
  late_payment_rate: z.string().nullable(),
  payment_terms_days: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
