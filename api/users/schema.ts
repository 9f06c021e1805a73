import { z } from 'zod';
import { CSV_DIALECTS } from '../../domain/exports/csv-dialect';
import { USER_LOCALES } from '../../domain/accounts/users';
import { optionalCountry, optionalEmail, timeZoneName } from '../http/common-schemas';

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
  /** The member's own: the zone their exports are written in, their language, where the studio's messages to them go. */
  time_zone: z.string(),
  locale: z.enum(USER_LOCALES),
  notification_email: z.string().nullable(),
  csv_dialect: z.enum(CSV_DIALECTS),
  /** The studio's (the same for every member): its country and its public slug (contact form: /portal/contact/<tenant_slug>). */
  country: z.string().nullable().describe('ISO 3166-1 alpha-2 the studio gave (registration or preferences)'),
  tenant_slug: z.string().nullable(),
  calendar_feed_client_names: z
    .boolean()
    .describe("The studio's: its calendar feeds name the client in each event (docs/booking.md)"),
  studio_time_zone: z
    .string()
    .describe("The studio's zone: the calendar of its documents, numbers, ledger periods and reminders"),
  studio_locale: z.enum(USER_LOCALES).describe("The studio's language: its documents' and its clients' by default"),
  studio_csv_dialect: z.enum(CSV_DIALECTS).describe("The csv dialect of the studio's scheduled exports"),
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

/**
 * Preferences. The member's own: the zone dates are written in, their language, their notification
 * address, the csv dialect of their spreadsheet. The studio's (`settings.write`: owner, admin):
 * its country, public slug, calendar feeds' setting, and its zone, language and csv dialect.
 */
export const UpdatePreferencesBody = z
  .object({
    time_zone: timeZoneName.optional(),
    locale: z.enum(USER_LOCALES).optional(),
    /** Where the studio's messages to this member go; null: their account's address. */
    notification_email: optionalEmail,
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
    /** The studio's calendar feeds name the client in each event; false: the session's title and type only. */
    calendar_feed_client_names: z.boolean().optional(),
    /** The studio's zone (its documents' calendar), language and scheduled exports' csv dialect. */
    studio_time_zone: timeZoneName.optional(),
    studio_locale: z.enum(USER_LOCALES).optional(),
    studio_csv_dialect: z.enum(CSV_DIALECTS).optional(),
  })
  .strict();

export const UploadedImageView = UserImageView.extend({
  content_type: z.string(),
  size_bytes: z.number().int(),
});
