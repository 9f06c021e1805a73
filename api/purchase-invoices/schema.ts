import { z } from 'zod';
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
  created_at: z.string(),
});
export const PurchaseInvoicePage = pageOf(PurchaseInvoiceView);
