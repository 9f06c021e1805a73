import { z } from 'zod';
import { BUYER_ANSWERS } from '../../domain/e-invoicing/buyer-answer';
import { pageOf } from '../http/common-schemas';

const VatLineView = z.object({
  rate: z.string().nullable(),
  category: z.string().nullable(),
  base: z.string(),
  tax: z.string(),
});

/** A purchase invoice received: what its e-invoice says, and where its file is kept. */
export const PurchaseInvoiceView = z.object({
  id: z.uuid(),
  source_format: z.enum(['FACTURX', 'CII', 'UBL']),
  type_code: z.string().nullable(),
  seller_name: z.string(),
  seller_siren: z.string().nullable(),
  seller_vat_number: z.string().nullable(),
  number: z.string(),
  issue_date: z.string(),
  due_date: z.string().nullable(),
  currency: z.string(),
  total_without_tax: z.string(),
  total_tax: z.string(),
  total: z.string(),
  vat: z.array(VatLineView),
  file_key: z.string(),
  file_name: z.string().nullable(),
  /** `upload`: sent by the studio; `platform`: delivered by its approved platform (issue 32 §3). */
  received_via: z.enum(['upload', 'platform']),
  platform_flow_id: z.string().nullable(),
  /** The studio's answer: RECEIVED until approved, disputed or refused. */
  status: z.enum(['RECEIVED', ...BUYER_ANSWERS]),
  status_reason: z.string().nullable(),
  status_changed_at: z.string().nullable(),
  created_at: z.string(),
});
export const PurchaseInvoicePage = pageOf(PurchaseInvoiceView);

/** The studio's answer to a purchase invoice; a dispute or a refusal says why (the supplier reads it). */
export const PurchaseInvoiceAnswerBody = z.object({
  status: z.enum(BUYER_ANSWERS),
  reason: z.string().max(2000).nullable().optional(),
});

export const PurchaseInvoiceAnswerList = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      status: z.enum(BUYER_ANSWERS),
      reason: z.string().nullable(),
      created_at: z.string(),
      /** When the answer reached the studio's platform; null for an uploaded invoice, or until sent. */
      sent_at: z.string().nullable(),
    }),
  ),
});

export const UnreadableInvoiceList = z.object({
  items: z.array(z.object({ flow_id: z.string(), problem: z.string(), received_at: z.string() })),
});
