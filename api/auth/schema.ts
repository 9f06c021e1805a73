import { optionalCountry, timeZoneName } from '../http/common-schemas';
import { z } from 'zod';
import { USER_LOCALES } from '../../domain/accounts/users';

const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(255)
  .pipe(z.email({ message: 'must be a valid email address' }));

export const RegisterBody = z.object({
  email: Email,
  // Long passphrases are welcome; the cap keeps a hash request cheap.
  password: z.string().min(10, 'must be at least 10 characters').max(256),
  name: z.string().trim().min(1).max(255).optional(),
  locale: z.enum(USER_LOCALES).optional(),
  /** The studio's country: its first documents' currency, and its language and time zone when not given. */
  country: optionalCountry,
  /** The browser's IANA time zone (Intl.DateTimeFormat().resolvedOptions().timeZone); else the country's. */
  time_zone: timeZoneName.optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({
  email: Email,
  password: z.string().min(1).max(256),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const UserView = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  locale: z.enum(USER_LOCALES),
  plan: z.string(),
  capabilities: z.array(z.string()),
  tenant_slug: z.string().nullable(),
  org_id: z.uuid(),
  created_at: z.string(),
});

export const AuthResponse = z.object({ user: UserView, accessToken: z.string() });
