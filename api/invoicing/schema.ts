import { z } from 'zod';
import { CONTRACT_VARIABLES, unknownContractVariables } from '../../domain/client-portal/contract-text';
import { ignoredItemFields } from '../../domain/invoicing/item-fields';
import { lineTaxProblems } from '../../domain/invoicing/line-taxes';
import { DEPOSIT_LINE, DISCOUNT_TYPES, ITEM_TYPES } from '../../domain/invoicing/item-types';
import { LINE_CATEGORIES } from '../../domain/invoicing/operation-category';
import { DUE_TYPES, MAX_DUE_DAYS, MAX_INSTALLMENTS } from '../../domain/invoicing/payment-schedule';
import { MANUAL_PAYMENT_METHODS, QUOTE_STATUSES } from '../../domain/invoicing/statuses';
import {
  currencyCode,
  decimalInput,
  optionalRegion,
  optionalText,
  requiredCountry,
  TaxInput,
} from '../http/common-schemas';

/** A decimal(10,2) amount as a number or a string (DESIGN.md: strings in JSON), at most two places. */
const amount = (max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d{1,2})?$/, 'must be a number with at most two decimals'),
    ])
    .transform((v) => Number(v))
    .pipe(
      z
        .number()
        .min(0)
        .max(max)
        .refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), 'must have at most two decimals'),
    );
const percent = amount(100);

const Item = z
  .object({
    item_type: z.enum(ITEM_TYPES),
    description: optionalText(5_000),
    quantity: amount(99_999_999.99).optional(),
    price_with_tax: amount(99_999_999.99).optional(),
    price_without_tax: amount(99_999_999.99).optional(),
    /** Which price is the one the studio set; unset: with tax when only price_with_tax is given. */
    price_includes_tax: z.boolean().optional(),
    vat_percentage: percent.optional(),
    /**
     * The line's taxes, each computed on its net (issue 30 §2): GST + QST, 8.875 % sales tax. Null or
     * absent: the one tax of vat_percentage. Given, vat_percentage may be left out (or must agree).
     */
    taxes: z.array(TaxInput).max(5).nullable().optional(),
    /** One of the studio's tax rates by its name (company profile `tax_rates`): the line takes its taxes. */
    tax_rate: z.string().trim().min(1).max(60).optional(),
    discount_percentage: percent.optional(),
    discount_amount: amount(99_999_999.99).nullable().optional(),
    discount_type: z.enum(DISCOUNT_TYPES).nullable().optional(),
    user_session_type_id: z.uuid().nullable().optional(),
    display_order: z.number().int().min(0).max(10_000).optional(),
    /** Why a line is sold at 0 % (issue 40 §5): a UK VAT invoice prints it; the e-invoice carries it as the line's note. */
    zero_rate_reason: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .nullable()
      .optional()
      .describe('Why the line carries no VAT: "Zero-rated: printed books", "Exempt", "Outside the scope of UK VAT"'),
    /** What the line sells (issue 32 §5): SERVICES (default) or GOODS (prints, albums); an invoice's category of operation follows. */
    category: z
      .enum(LINE_CATEGORIES)
      .optional()
      .describe('SERVICES (a session, the default) or GOODS (prints, albums): what a priced line sells'),
  })
  .superRefine((item, ctx) => {
    // A value the line's type would not use is a 400 naming it, never dropped (domain/invoicing/item-fields.ts).
    // Run only on a line whose fields parsed: a field that did not ("AAA" as an amount) is already named.
    if (ctx.issues.length > 0) return;
    for (const problem of lineTaxProblems(item)) ctx.addIssue({ code: 'custom', ...problem });
    if (item.tax_rate !== undefined && item.item_type !== 'SESSION_TYPE')
      ctx.addIssue({ code: 'custom', path: ['tax_rate'], message: 'Only a service line (SESSION_TYPE) is taxed' });
    if (item.tax_rate !== undefined && (item.taxes || item.vat_percentage !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['tax_rate'],
        message: 'A line takes its taxes from tax_rate, or from taxes or vat_percentage: send one',
      });
    for (const problem of ignoredItemFields(item))
      ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    if (item.zero_rate_reason && item.item_type !== 'SESSION_TYPE')
      ctx.addIssue({
        code: 'custom',
        path: ['zero_rate_reason'],
        message: 'Only a priced line (SESSION_TYPE) is sold at a rate: a text, empty or discount line has none',
      });
    if (item.category === 'GOODS' && item.item_type !== 'SESSION_TYPE')
      ctx.addIssue({
        code: 'custom',
        path: ['category'],
        message: 'Only a priced line (SESSION_TYPE) sells goods: a text, empty or discount line sells nothing',
      });
  });

/** A positive amount of money, as a number or a decimal string with at most two places. */
const money = decimalInput()
  .transform((v) => Number(v))
  .pipe(
    z
      .number()
      .gt(0, 'must be more than 0')
      .max(99_999_999.99)
      .refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), 'must have at most two decimals'),
  );

/** One installment of a payment schedule (issue 21 §1): a percentage or an amount, and when it is due. */
const Installment = z
  .object({
    percentage: z.number().gt(0).max(100).optional(),
    // Stored as the decimal string it is ("450.00"): a positive decimal(10,2), never 1e+21 or below 0.
    amount: money.transform((n) => n.toFixed(2)).optional(),
    due: z
      .object({
        type: z.enum(DUE_TYPES),
        days: z.number().int().min(0).max(MAX_DUE_DAYS).optional(),
        date: z.iso.date().optional(),
      })
      .strict(),
  })
  .strict();

/**
 * A final invoice's deposit deduction as the API reads it back (issue 21 §1): accepted so a line
 * list read and sent again round-trips, and ignored: the invoice keeps its own deduction lines.
 */
const KeptDepositLine = z
  .object({ item_type: z.literal(DEPOSIT_LINE) })
  .describe('A deposit deduction line as read back: ignored, the invoice keeps its own');

const common = {
  title: z.string().trim().min(1).max(255),
  description: optionalText(10_000),
  session_id: z.uuid().nullable().optional(),
  contact_id: z.uuid().nullable().optional(),
  /** Left out on create: the studio's (its company profile's, else its country's). */
  currency: currencyCode.optional(),
  items: z.array(Item).max(200).optional(),
  /** Installments (at most 12), checked against the total and the session on save; null or [] removes the schedule. */
  payment_schedule: z.array(Installment).max(MAX_INSTALLMENTS).nullable().optional(),
};
const day = z.iso.date().nullable().optional();

/** A quote's contract (issue 31 §2): text with the {{variables}} of CONTRACT_VARIABLES; an unknown one is a 400 naming it. */
const contract = z
  .string()
  .max(20_000)
  .nullable()
  .optional()
  .superRefine((text, ctx) => {
    const unknown = text ? unknownContractVariables(text) : [];
    if (unknown.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: `unknown variables: ${unknown.join(', ')} (known: ${CONTRACT_VARIABLES.join(', ')})`,
      });
  })
  .describe('The contract the client signs with the quote: text with {{variables}}, printed after the lines');

export const CreateQuoteBody = z.object({
  ...common,
  status: z.enum(QUOTE_STATUSES).optional(),
  valid_until: day,
  contract,
});
export const UpdateQuoteBody = CreateQuoteBody.partial();
/**
 * Where an invoice's goods are delivered when not to the client's billing address (issue 32 §5,
 * EN 16931 BG-15): a postal address as a contact's, its country required (BR-57), and who receives
 * it (BT-70) if not the client. Printed and written in the e-invoice only when it differs from the
 * client's address.
 */
const DeliveryAddressInput = z
  .object({
    name: optionalText(255),
    street: optionalText(255),
    zipcode: optionalText(20),
    city: optionalText(100),
    country: requiredCountry,
    region: optionalRegion,
  })
  .strict()
  .refine((a) => Boolean(a.street || a.city || a.zipcode), {
    message: 'A delivery address needs a street, a postcode or a city',
    path: ['street'],
  })
  .transform((a) => ({
    name: a.name ?? null,
    street: a.street ?? null,
    zipcode: a.zipcode ?? null,
    city: a.city ?? null,
    country: a.country,
    region: a.region ?? null,
  }));

export const CreateInvoiceBody = z.object({
  ...common,
  items: z
    .array(z.union([Item, KeptDepositLine]))
    .max(200)
    .optional(),
  status: z
    .enum(['DRAFT'])
    .optional()
    .describe('Invoices are written as DRAFT; POST /api/invoices/{id}/issue issues them'),
  due_date: day,
  quote_id: z.uuid().nullable().optional(),
  /** Where its goods are delivered when not to the client's address (issue 32 §5); null removes it. */
  delivery_address: DeliveryAddressInput.nullable().optional(),
});
export const UpdateInvoiceBody = CreateInvoiceBody.partial();

export const SessionScopeParams = z.object({ sessionId: z.uuid() });
export const SessionDocParams = z.object({ sessionId: z.uuid(), id: z.uuid() });

/** POST .../preview-email: optionally another of the studio's (or a system) email template. */
export const PreviewEmailBody = z.object({ email_template_id: z.uuid().nullable().optional() }).optional();

/**
 * POST .../send-email: recipients (default: the client's email), optional subject and personal
 * message, the pdf attached (default) or linked, optionally another email template.
 */
export const SendEmailBody = z
  .object({
    to: z.array(z.email().max(254)).min(1).max(10).optional(),
    subject: z.string().trim().min(1).max(500).optional(),
    message: z.string().trim().max(5_000).optional(),
    attach_pdf: z.boolean().default(true),
    email_template_id: z.uuid().nullable().optional(),
  })
  .strict();

/** An Idempotency-Key names one send request: a retried POST sends one email. */
export const IdempotencyKey = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[\w.:-]+$/);

/** GET /api/invoices/:id/export?format=pdf|docx (pdf when absent). */
export const ExportQuery = z.object({ format: z.enum(['pdf', 'docx']).default('pdf') });

/** When money moved: a date-time with an offset or a plain date, never in the future; now when absent. */
/**
 * When a payment was received: a date and time with its offset, or a date alone, which is that day
 * on the studio's clock (issue 40 §15); read and checked by domain/payments/payment-day.ts.
 */
const receivedAt = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .describe("A date and time with its offset, or a date alone: that day on the studio's clock")
  .optional();

/** POST /api/invoices/:id/payments: a payment the studio received by transfer, cash, check or otherwise. */
export const RecordPaymentBody = z
  .object({
    amount: money,
    method: z.enum(MANUAL_PAYMENT_METHODS),
    received_at: receivedAt,
    reference: optionalText(200),
    note: optionalText(2_000),
    /** Accept more than the balance due: the rest stays as a credit on the client. */
    overpayment: z.boolean().optional(),
  })
  .strict();

export const PaymentParams = z.object({ id: z.uuid(), paymentId: z.uuid() });

/** POST /api/invoices/:id/credit-notes: an amount, some lines, or (neither) everything still creditable. */
export const CreateCreditNoteBody = z
  .object({
    reason: z.string().trim().min(1, 'is required').max(2_000),
    amount: money.optional(),
    items: z
      .array(z.object({ invoice_item_id: z.uuid(), quantity: money.optional() }).strict())
      .min(1)
      .max(200)
      .optional(),
  })
  .strict()
  .refine((b) => !(b.amount !== undefined && b.items !== undefined), {
    message: 'Give amount or items, not both',
    path: ['items'],
  });

/** POST /api/credit-notes/:id/refunds: money given back; by card through the provider, else recorded by hand. */
export const RecordRefundBody = z
  .object({
    amount: money.optional(),
    method: z.enum(['card', ...MANUAL_PAYMENT_METHODS]),
    received_at: receivedAt,
    reference: optionalText(200),
    note: optionalText(2_000),
  })
  .strict();

/** POST /api/quotes/:id/deposit-invoices: which installment of the quote's schedule (from 0) the deposit invoice bills. */
export const CreateDepositInvoiceBody = z
  .object({
    installment: z
      .number()
      .int()
      .min(0)
      .max(MAX_INSTALLMENTS - 1)
      .describe("The installment's position in the quote's payment_schedule, from 0"),
  })
  .strict();
