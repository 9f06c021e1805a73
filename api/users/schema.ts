import { z } from 'zod';
import { CSV_DIALECTS } from '../../domain/exports/csv-dialect';
import { optionalCountry, timeZoneName } from '../http/common-schemas';

/** A current avatar or logo: its key and a fresh time-limited link. */
export const UserImageView = z.object({
  key: z.string(),
  url: z.string(),
  expiration: z.number().int(),
});

export const UserProfileView = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  avatar: UserImageView.nullable(),
  logo: UserImageView.nullable(),
  time_zone: z.string(),
  country: z.string().nullable().describe('ISO 3166-1 alpha-2 the account gave (registration or preferences)'),
  csv_dialect: z.enum(CSV_DIALECTS),
  /** The studio's public slug: its contact form is /portal/contact/<tenant_slug> (null: none yet). */
  tenant_slug: z.string().nullable(),
});

/** Slugs that would read as the service's own pages. */
const RESERVED_SLUGS = new Set([
  'api',
  'app',
  'www',
  'admin',
  'portal',
  'ops',
  'static',
  'assets',
  'mail',
  'help',
  'support',
  'status',
]);

/** Preferences: the zone dates are written in, the csv dialect of the user's spreadsheet, the studio's public slug. */
export const UpdatePreferencesBody = z
  .object({
    time_zone: timeZoneName.optional(),
    /** The studio's country before it has a company profile (its documents' currency); null clears it. */
    country: optionalCountry,
    csv_dialect: z.enum(CSV_DIALECTS).optional(),
    /** The studio's public name in links (its contact form is /portal/contact/<tenant_slug>); null removes it. */
    tenant_slug: z
      .string()
      .trim()
      .toLowerCase()
      .regex(
        /^[a-z0-9]([a-z0-9-]{1,61}[a-z0-9])$/,
        'must be 3 to 63 lowercase letters, digits and hyphens, not starting or ending with a hyphen',
      )
      .refine((slug) => !RESERVED_SLUGS.has(slug), 'is reserved')
      .nullable()
      .optional(),
  })
  .strict();

export const UploadedImageView = UserImageView.extend({
  content_type: z.string(),
  size_bytes: z.number().int(),
});
