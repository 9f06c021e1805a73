import { z } from 'zod';
import { CSV_DIALECTS } from '../../domain/exports/csv-dialect';

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
  csv_dialect: z.enum(CSV_DIALECTS),
  /** The studio's public slug: its contact form is /portal/contact/<tenant_slug> (null: none yet). */
  tenant_slug: z.string().nullable(),
});

/** IANA zones Node knows, plus UTC (which Intl lists under Etc/). */
const TIME_ZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/** Export preferences: the zone dates are written in, the csv dialect of the user's spreadsheet. */
export const UpdatePreferencesBody = z
  .object({
    time_zone: z
      .string()
      .max(64)
      .refine((zone) => TIME_ZONES.has(zone), 'must be an IANA time zone such as Europe/Paris')
      .optional(),
    csv_dialect: z.enum(CSV_DIALECTS).optional(),
  })
  .strict();

export const UploadedImageView = UserImageView.extend({
  content_type: z.string(),
  size_bytes: z.number().int(),
});
