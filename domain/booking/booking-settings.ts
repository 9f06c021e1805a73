import { type BookingRules } from './slots';

/**
 * A session type's booking settings (issue 45 §1): how long a shoot of it lasts, the time kept
 * free around it, when clients may book it, where it happens, what they pay at booking, whose
 * calendars it fills and whether the studio confirms each booking by hand.
 */
export const LOCATION_KINDS = ['STUDIO', 'ON_SITE', 'ONLINE'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

/** NONE: nothing at booking; AMOUNT: a fixed deposit; PERCENTAGE: a share of the type's price. */
export const DEPOSIT_KINDS = ['NONE', 'AMOUNT', 'PERCENTAGE'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];

/**
 * A booking's life: HELD while the client pays (until `expires_at`), PENDING while the studio
 * decides, CONFIRMED (a session exists), DECLINED by the studio, CANCELLED, EXPIRED (a hold nobody
 * paid). Only HELD, PENDING and CONFIRMED keep their time.
 */
export const BOOKING_STATUSES = ['HELD', 'PENDING', 'CONFIRMED', 'DECLINED', 'CANCELLED', 'EXPIRED'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export interface BookingTypeSettings extends BookingRules {
  enabled: boolean;
  location_kind: LocationKind;
  /** The studio's address or the online meeting's link, as the client is told; an on-site shoot asks the client's. */
  location: string | null;
  deposit_kind: DepositKind;
  /** Minor units of the studio's currency, as decimal text (bigint in the database). */
  deposit_amount_minor: string | null;
  /** Decimal text, 0 < p <= 100. */
  deposit_percentage: string | null;
  requires_confirmation: boolean;
  /** How long a slot stays held while the client pays. */
  hold_minutes: number;
  /** The client may cancel or move their booking until this many hours before it starts. */
  change_notice_hours: number;
  /** The members whose schedules the type books; empty: the studio's owner. */
  member_ids: string[];
  /**
   * The terms the client signs at booking (text with {{variables}}, as a quote's contract); null:
   * none. A booking of the type is held while its client signs the quote made for it.
   */
  contract: string | null;
}

/** What a booking of the type asks at booking, in minor units of the studio's currency: 0n when nothing. */
export function depositMinor(settings: BookingTypeSettings, priceMinor: bigint): bigint {
  if (settings.deposit_kind === 'AMOUNT') return BigInt(settings.deposit_amount_minor ?? '0');
  if (settings.deposit_kind === 'PERCENTAGE') {
    // Hundredths of a percent, rounded half up to the minor unit: 30 % of 1 234.55 is 370.37.
    const basisPoints = BigInt(Math.round(Number(settings.deposit_percentage ?? '0') * 100));
    return (priceMinor * basisPoints + 5000n) / 10000n;
  }
  return 0n;
}

/** The problems of settings a studio sends, beyond each field's own range: [] when they hold together. */
export function checkBookingSettings(settings: BookingTypeSettings): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (settings.deposit_kind === 'AMOUNT' && !settings.deposit_amount_minor)
    problems.push({ path: 'deposit_amount_minor', message: 'A fixed deposit needs its amount' });
  if (settings.deposit_kind === 'PERCENTAGE' && !settings.deposit_percentage)
    problems.push({ path: 'deposit_percentage', message: 'A deposit by percentage needs its percentage' });
  if (settings.location_kind === 'ONLINE' && !settings.location)
    problems.push({ path: 'location', message: 'An online session needs the link clients join' });
  if (new Set(settings.member_ids).size !== settings.member_ids.length)
    problems.push({ path: 'member_ids', message: 'A member is named twice' });
  if (settings.daily_limit !== null && settings.weekly_limit !== null && settings.weekly_limit < settings.daily_limit)
    problems.push({ path: 'weekly_limit', message: 'The weekly limit is below the daily limit' });
  return problems;
}
