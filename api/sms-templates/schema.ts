import { z } from 'zod';
import { USER_LOCALES } from '../../domain/accounts/users';

/** 1600 characters: ten concatenated SMS segments, the column's own limit. */
const message = z.string().trim().min(1).max(1600);

export const CreateSmsTemplateBody = z.object({
  name: z.string().trim().min(1).max(255),
  message,
  locale: z.enum(USER_LOCALES).optional(),
  is_active: z.boolean().default(true),
});
export const UpdateSmsTemplateBody = z.object({
  name: z.string().trim().min(1).max(255).optional(),
  message: message.optional(),
  locale: z.enum(USER_LOCALES).optional(),
  is_active: z.boolean().optional(),
});
