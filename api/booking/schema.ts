import { z } from 'zod';
import { BOOKING_STATUSES, DEPOSIT_KINDS, LOCATION_KINDS } from '../../domain/booking/booking-settings';
import { optionalText, timeZoneName } from '../http/common-schemas';

const hhmm = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be a time HH:MM between 00:00 and 24:00')
  .describe('HH:MM in the schedule’s time zone; 24:00 is the end of the day');
const DayHours = z.object({ start: hhmm, end: hhmm }).strict();

/** PUT of a member's availability: weekly hours and date overrides in an IANA zone. */
export const ScheduleBody = z
  .object({
    time_zone: timeZoneName,
    weekly: z
      .array(DayHours.extend({ weekday: z.number().int().min(1).max(7).describe('ISO weekday, 1 Monday … 7 Sunday') }))
      .max(100),
    overrides: z
      .array(
        z
          .object({
            date: z.iso.date(),
            hours: z
              .array(DayHours)
              .max(10)
              .describe('The hours of that day instead of the weekday’s; [] is a day off'),
          })
          .strict(),
      )
      .max(500)
      .default([]),
  })
  .strict();

export const ScheduleView = z.object({
  member_id: z.uuid(),
  time_zone: z.string(),
  weekly: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
  overrides: z.array(z.object({ date: z.string(), hours: z.array(z.object({ start: z.string(), end: z.string() })) })),
  updated_at: z.string(),
});

export const MemberParams = z.object({ userId: z.uuid({ message: 'must be a uuid' }) });

const minutes = (min: number, max: number) => z.number().int().min(min).max(max);

/** PUT of a session type's booking settings: the whole set. */
export const BookingSettingsBody = z
  .object({
    enabled: z.boolean(),
    duration_minutes: minutes(5, 1440),
    buffer_before_minutes: minutes(0, 720).default(0),
    buffer_after_minutes: minutes(0, 720).default(0),
    increment_minutes: minutes(5, 1440).default(30),
    minimum_notice_minutes: minutes(0, 525_600).default(1440),
    booking_window_days: z.number().int().min(1).max(730).default(90),
    daily_limit: z.number().int().min(1).max(1000).nullable().default(null),
    weekly_limit: z.number().int().min(1).max(7000).nullable().default(null),
    location_kind: z.enum(LOCATION_KINDS).default('STUDIO'),
    location: optionalText(255).transform((v) => v ?? null),
    deposit_kind: z.enum(DEPOSIT_KINDS).default('NONE'),
    deposit_amount_minor: z
      .number()
      .int()
      .min(1)
      .max(99_999_999_99)
      .nullable()
      .default(null)
      .describe('In minor units of the studio’s currency (cents)'),
    deposit_percentage: z.number().gt(0).max(100).multipleOf(0.01).nullable().default(null),
    requires_confirmation: z.boolean().default(false),
    hold_minutes: minutes(2, 120).default(10),
    change_notice_hours: z
      .number()
      .int()
      .min(0)
      .max(8760)
      .default(48)
      .describe('The client may cancel or move their booking until this many hours before it starts'),
    member_ids: z.array(z.uuid()).max(50).default([]),
    contract: optionalText(20_000)
      .transform((v) => v ?? null)
      .describe(
        'The terms the client signs at booking, with {{variables}} as a quote’s contract; null: none. The booking is held while they sign',
      ),
  })
  .strict();

export const BookingSettingsView = z.object({
  session_type_id: z.uuid(),
  name: z.string(),
  enabled: z.boolean(),
  duration_minutes: z.number().int(),
  buffer_before_minutes: z.number().int(),
  buffer_after_minutes: z.number().int(),
  increment_minutes: z.number().int(),
  minimum_notice_minutes: z.number().int(),
  booking_window_days: z.number().int(),
  daily_limit: z.number().int().nullable(),
  weekly_limit: z.number().int().nullable(),
  location_kind: z.enum(LOCATION_KINDS),
  location: z.string().nullable(),
  deposit_kind: z.enum(DEPOSIT_KINDS),
  deposit_amount_minor: z.number().int().nullable(),
  deposit_percentage: z.number().nullable(),
  requires_confirmation: z.boolean(),
  hold_minutes: z.number().int(),
  change_notice_hours: z.number().int(),
  member_ids: z.array(z.uuid()),
  contract: z.string().nullable(),
});

export const BookingView = z.object({
  id: z.uuid(),
  status: z.enum(BOOKING_STATUSES),
  session_type_id: z.uuid(),
  session_type_name: z.string(),
  member: z.object({ id: z.uuid(), name: z.string().nullable() }),
  start: z.string(),
  end: z.string(),
  /** While HELD: when the slot is released if the client has not paid. */
  expires_at: z.string().nullable(),
  client: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    time_zone: z.string(),
    address: z.string().nullable(),
    street: z.string().nullable(),
    zipcode: z.string().nullable(),
    city: z.string().nullable(),
    notes: z.string().nullable(),
  }),
  contact_id: z.uuid().nullable(),
  session_id: z.uuid().nullable(),
  invoice_id: z.uuid().nullable(),
  deposit: z.object({ amount_minor: z.number().int(), currency: z.string() }).nullable(),
  confirmed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
});

export const BookingList = z.object({ items: z.array(BookingView) });

/**
 * `from` before `to`, at most `days` apart. A refinement of the object runs even when a field
 * failed its own parse (zod 4): it checks only dates it was given.
 */
const rangeWithin = (days: number, message: string) => (q: { from?: unknown; to?: unknown }, ctx: z.RefinementCtx) => {
  if (!(q.from instanceof Date) || !(q.to instanceof Date)) return;
  if (q.to <= q.from) ctx.addIssue({ code: 'custom', message: 'to must be after from', path: ['to'] });
  else if (q.to.getTime() - q.from.getTime() > days * 24 * 3600 * 1000)
    ctx.addIssue({ code: 'custom', message, path: ['to'] });
};

export const BookingListQuery = z
  .object({
    from: z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
    to: z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
    status: z.enum(BOOKING_STATUSES).optional(),
  })
  .superRefine(rangeWithin(366, 'at most a year at once'));

// The public side: what a client's browser (or the studio's own site) calls.

export const SlugParams = z.object({ slug: z.string().min(1).max(63) });
export const SlugTypeParams = SlugParams.extend({ sessionTypeId: z.uuid({ message: 'must be a uuid' }) });

export const PublicBookingTypeView = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  duration_minutes: z.number().int(),
  location_kind: z.enum(LOCATION_KINDS),
  location: z.string().nullable(),
  price: z.string().describe('With tax, decimal text in `currency`'),
  currency: z.string(),
  deposit_minor: z.number().int().describe('What is paid at booking, in minor units; 0: nothing'),
  asks_postal_address: z
    .boolean()
    .describe('The booking asks street, zipcode and city (a deposit’s invoice is addressed to the client)'),
  requires_confirmation: z.boolean(),
});

export const PublicStudioView = z.object({
  name: z.string(),
  time_zone: z.string(),
  session_types: z.array(PublicBookingTypeView),
});

export const SlotsQuery = z
  .object({
    from: z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
    to: z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
    time_zone: timeZoneName
      .optional()
      .describe('The client’s zone, in which `local` is written; the studio’s by default'),
  })
  .superRefine(rangeWithin(42, 'at most six weeks at once'));

export const SlotsView = z.object({
  time_zone: z.string().describe('The client’s zone, in which `local` is written'),
  studio_time_zone: z.string(),
  slots: z.array(
    z.object({
      start: z.string(),
      end: z.string(),
      local: z.string().describe('The start on the client’s clock: YYYY-MM-DD HH:MM'),
      studio_local: z.string().describe('The start on the studio’s clock'),
    }),
  ),
});

export const HoldBody = z
  .object({
    start: z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
    name: z.string().trim().min(1, 'is required').max(255),
    email: z
      .string()
      .trim()
      .max(255)
      .toLowerCase()
      .pipe(z.email({ message: 'must be a valid email address' })),
    phone: optionalText(50).transform((v) => v ?? null),
    time_zone: timeZoneName,
    address: optionalText(500).transform((v) => v ?? null),
    street: optionalText(255).transform((v) => v ?? null),
    zipcode: optionalText(20).transform((v) => v ?? null),
    city: optionalText(255).transform((v) => v ?? null),
    notes: optionalText(5_000).transform((v) => v ?? null),
  })
  .strict();

export const ClientBookingView = BookingView.omit({ contact_id: true, session_id: true, invoice_id: true });

/** The quote a booking asks its client to sign (a type with a contract), as they read it before signing. */
export const BookingContractView = z.object({
  quote_id: z.uuid(),
  number: z.string().nullable(),
  status: z.string().describe('SENT while to sign; ACCEPTED once signed'),
  pdf_url: z.string().describe('The quote with its contract, as the client signs it: a link of limited time'),
  consent_text: z.string().describe('What the client ticks, in their language: kept with the signature'),
  version: z.string().describe('Sent back with the signature: a quote changed since is 409 quote_changed'),
  signed_at: z.string().nullable(),
});

export const ClientBookingWithContractView = ClientBookingView.extend({
  contract: BookingContractView.nullable().describe('The quote to sign at booking; null when the type has no contract'),
});

export const SignedBookingView = z.object({
  booking: ClientBookingView,
  checkout_url: z.url().nullable().describe('Where the client now pays the deposit, when one is due'),
});

export const HeldView = z.object({
  booking: ClientBookingView,
  token: z.string().describe('The client’s secret link to their booking: given once'),
  checkout_url: z.url().nullable().describe('Where the client pays the deposit while the slot is held'),
});

export const RescheduleBody = z
  .object({ start: z.iso.datetime({ offset: true }).transform((s) => new Date(s)) })
  .strict();

export const TokenParams = z.object({ token: z.string().min(20).max(100) });

/** What a route that books takes and answers (a session type's slot, a mini-session day's): the client's details, 201 with the booking. */
export const BOOKING_EXCHANGE = {
  auth: 'none',
  body: HoldBody,
  response: HeldView,
  status: 201,
  errors: ['slot_taken'],
} as const;
