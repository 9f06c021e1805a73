import { z } from 'zod';
import { decimalText, optionalText, pageOf } from '../http/common-schemas';

const fields = {
  name: z.string().trim().min(1, 'is required').max(255),
  description: optionalText(5_000),
  duration_minutes: z.number().int().min(1).max(10_080).nullable().optional(),
  /** The price of a session of this type, with vat_percentage (the `price` column). */
  default_price: decimalText(99_999_999.99).optional(),
  vat_percentage: decimalText(100).optional(),
  default_workflow_id: z.uuid().nullable().optional(),
  default_session_info_template_id: z.uuid().nullable().optional(),
  display_order: z.number().int().min(0).max(10_000).optional(),
  is_active: z.boolean().optional(),
};

export const CreateSessionTypeBody = z.object(fields).strict();
export const UpdateSessionTypeBody = z.object(fields).partial().strict();
export type SessionTypeBody = z.infer<typeof UpdateSessionTypeBody>;

export const SessionTypeView = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  duration_minutes: z.number().int().nullable(),
  default_price: z.string(),
  vat_percentage: z.string(),
  default_workflow_id: z.uuid().nullable(),
  default_session_info_template_id: z.uuid().nullable(),
  display_order: z.number().int(),
  business_key: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const SessionTypePage = pageOf(SessionTypeView);
