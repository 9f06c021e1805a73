import { type z } from 'zod';
import {
  type BookingRow,
  type BookingStudioRow,
  type BookingTypeRow,
  type ScheduleRow,
} from '../../db/queries/booking';
import { type BookedSlot, clientOf, depositOf } from '../../services/booking/book-slot';
import { type Interval } from '../../domain/booking/availability';
import { studioCurrency } from '../../domain/money/document-currency';
import { formatTimestampInZone } from '../../domain/wall-clock';
import {
  type BookingSettingsView,
  type BookingView,
  type PublicBookingTypeView,
  type ScheduleView,
  type SlotsView,
} from './schema';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export const presentSchedule = (s: ScheduleRow): z.infer<typeof ScheduleView> => ({
  member_id: s.member_id,
  time_zone: s.time_zone,
  weekly: s.weekly,
  overrides: s.overrides,
  updated_at: new Date(s.updated_at).toISOString(),
});

export const presentBookingSettings = (t: BookingTypeRow): z.infer<typeof BookingSettingsView> => ({
  session_type_id: t.session_type_id,
  name: t.name,
  enabled: t.enabled,
  duration_minutes: t.duration_minutes,
  buffer_before_minutes: t.buffer_before_minutes,
  buffer_after_minutes: t.buffer_after_minutes,
  increment_minutes: t.increment_minutes,
  minimum_notice_minutes: t.minimum_notice_minutes,
  booking_window_days: t.booking_window_days,
  daily_limit: t.daily_limit,
  weekly_limit: t.weekly_limit,
  location_kind: t.location_kind,
  location: t.location,
  deposit_kind: t.deposit_kind,
  deposit_amount_minor: t.deposit_amount_minor === null ? null : Number(t.deposit_amount_minor),
  deposit_percentage: t.deposit_percentage === null ? null : Number(t.deposit_percentage),
  requires_confirmation: t.requires_confirmation,
  hold_minutes: t.hold_minutes,
  change_notice_hours: t.change_notice_hours,
  member_ids: t.member_ids,
  contract: t.contract,
});

export const presentBooking = (b: BookingRow): z.infer<typeof BookingView> => ({
  id: b.id,
  status: b.status,
  session_type_id: b.session_type_id,
  session_type_name: b.session_type_name,
  member: { id: b.member_id, name: b.member_name },
  start: new Date(b.starts_at).toISOString(),
  end: new Date(b.ends_at).toISOString(),
  expires_at: b.status === 'HELD' ? iso(b.expires_at) : null,
  client: clientOf(b),
  contact_id: b.contact_id,
  session_id: b.session_id,
  invoice_id: b.invoice_id,
  deposit:
    b.deposit_amount_minor !== null && b.currency
      ? { amount_minor: Number(b.deposit_amount_minor), currency: b.currency }
      : null,
  confirmed_at: iso(b.confirmed_at),
  cancelled_at: iso(b.cancelled_at),
  created_at: new Date(b.created_at).toISOString(),
});

/** The booking as its client sees it: without the studio's own records. */
export const presentClientBooking = (b: BookingRow) => {
  const { contact_id: _c, session_id: _s, invoice_id: _i, ...seen } = presentBooking(b);
  return seen;
};

/** A booking just made, as its client gets it: the booking, their token (once), where to pay the deposit. */
export const presentHeld = (made: BookedSlot) => ({
  booking: presentClientBooking(made.booking),
  token: made.token,
  checkout_url: made.checkoutUrl,
});

export const presentPublicType = (
  studio: BookingStudioRow,
  t: BookingTypeRow,
): z.infer<typeof PublicBookingTypeView> => {
  const currency = studioCurrency(studio);
  const deposit = depositOf(studio, t);
  return {
    id: t.session_type_id,
    name: t.name,
    description: t.description,
    duration_minutes: t.duration_minutes,
    location_kind: t.location_kind,
    // An on-site shoot is at the client's: the studio's own note is not an address to show.
    // The online meeting's link is the booked client's, not the public page's.
    location: t.location_kind === 'STUDIO' ? t.location : null,
    price: t.price,
    currency,
    deposit_minor: Number(deposit),
    asks_postal_address: deposit > 0n,
    requires_confirmation: t.requires_confirmation,
  };
};

export const presentSlots = (
  slots: readonly Interval[],
  timeZone: string,
  studioTimeZone: string,
): z.infer<typeof SlotsView> => ({
  time_zone: timeZone,
  studio_time_zone: studioTimeZone,
  slots: slots.map((s) => ({
    start: s.start.toISOString(),
    end: s.end.toISOString(),
    local: formatTimestampInZone(s.start, timeZone),
    studio_local: formatTimestampInZone(s.start, studioTimeZone),
  })),
});
