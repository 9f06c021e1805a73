import { z } from 'zod';
import { DISCOUNT_TYPES, ITEM_TYPES } from '../../domain/invoicing/item-types';
import { INVOICE_STATUSES, QUOTE_STATUSES } from '../../domain/invoicing/statuses';
import { optionalText } from '../http/common-schemas';

/** A decimal(10,2) amount as a number or a string (DESIGN.md: strings in JSON), at most two places. */
const amount = (max: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d{1,2})?$/, 'must be a number with at most two decimals')])
    .transform((v) => Number(v))
    .pipe(z.number().min(0).max(max).refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), 'must have at most two decimals'));
const percent = amount(100);

const Item = z.object({
  item_type: z.enum(ITEM_TYPES),
  description: optionalText(5_000),
  quantity: amount(99_999_999.99).optional(),
  price_with_tax: amount(99_999_999.99).optional(),
  price_without_tax: amount(99_999_999.99).optional(),
  /** Which price is the one the studio set; unset: with tax when only price_with_tax is given. */
  price_includes_tax: z.boolean().optional(),
  vat_percentage: percent.optional(),
  discount_percentage: percent.optional(),
  discount_amount: amount(99_999_999.99).nullable().optional(),
  discount_type: z.enum(DISCOUNT_TYPES).nullable().optional(),
  user_session_type_id: z.uuid().nullable().optional(),
  display_order: z.number().int().min(0).max(10_000).optional(),
});

const common = {
  title: z.string().trim().min(1).max(255),
  description: optionalText(10_000),
  session_id: z.uuid().nullable().optional(),
  contact_id: z.uuid().nullable().optional(),
  items: z.array(Item).max(200).optional(),
};
const day = z.iso.date().nullable().optional();

export const CreateQuoteBody = z.object({ ...common, status: z.enum(QUOTE_STATUSES).optional(), valid_until: day });
export const UpdateQuoteBody = CreateQuoteBody.partial();
export const CreateInvoiceBody = z.object({ ...common, status: z.enum(INVOICE_STATUSES).optional(), due_date: day, quote_id: z.uuid().nullable().optional() });
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
export const IdempotencyKey = z.string().trim().min(8).max(100).regex(/^[\w.:-]+$/);

/** GET /api/invoices/:id/export?format=pdf|docx (pdf when absent). */
export const ExportQuery = z.object({ format: z.enum(['pdf', 'docx']).default('pdf') });
