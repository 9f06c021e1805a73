import fc from 'fast-check';
import { type BookingTypeSettings, checkBookingSettings, depositMinor } from '../../../domain/booking/booking-settings';
import { missingClientFields, splitClientName } from '../../../domain/booking/booking-client';
import { visitorLocale } from '../../../domain/booking/visitor-locale';
import { clientChangeRefusal } from '../../../domain/booking/change-policy';

const SETTINGS: BookingTypeSettings = {
  enabled: true,
  duration_minutes: 60,
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  increment_minutes: 30,
  minimum_notice_minutes: 0,
  booking_window_days: 30,
  daily_limit: null,
  weekly_limit: null,
  location_kind: 'STUDIO',
  location: null,
  deposit_kind: 'NONE',
  deposit_amount_minor: null,
  deposit_percentage: null,
  requires_confirmation: false,
  hold_minutes: 10,
  change_notice_hours: 48,
  member_ids: [],
  contract: null,
};

describe('the deposit a booking asks (issue 45 §1)', () => {
  it('is a share of the price rounded half up to the cent, never more than the price, and monotonic in the share', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (price, a, b) => {
          const at = (bp: number) =>
            depositMinor({ ...SETTINGS, deposit_kind: 'PERCENTAGE', deposit_percentage: (bp / 100).toFixed(2) }, price);
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(at(low)).toBeLessThanOrEqual(at(high));
          expect(at(high)).toBeLessThanOrEqual(price);
          // Exact: |deposit × 10 000 − price × share| ≤ half a cent.
          const diff = at(low) * 10_000n - price * BigInt(low);
          expect(diff <= 5_000n && diff > -5_000n).toBe(true);
        },
      ),
    );
  });

  it('is the amount itself for a fixed deposit, and nothing without one', () => {
    expect(depositMinor({ ...SETTINGS, deposit_kind: 'AMOUNT', deposit_amount_minor: '5000' }, 24_000n)).toBe(5000n);
    expect(depositMinor(SETTINGS, 24_000n)).toBe(0n);
    expect(depositMinor({ ...SETTINGS, deposit_kind: 'PERCENTAGE', deposit_percentage: '30.00' }, 24_000n)).toBe(7200n);
  });

  it('names settings that do not hold together', () => {
    expect(checkBookingSettings(SETTINGS)).toEqual([]);
    const paths = checkBookingSettings({
      ...SETTINGS,
      deposit_kind: 'AMOUNT',
      location_kind: 'ONLINE',
      member_ids: ['a', 'a'],
      daily_limit: 3,
      weekly_limit: 2,
    }).map((p) => p.path);
    expect(paths).toEqual(['deposit_amount_minor', 'location', 'member_ids', 'weekly_limit']);
  });
});

describe('the client who books', () => {
  it('splits one typed name into a contact’s first and last names, losing no word', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-zÀ-ÿ'-]{1,12}$/), { minLength: 1, maxLength: 5 }), (words) => {
        const { first_name, last_name } = splitClientName(`  ${words.join('   ')} `);
        expect([first_name, last_name].filter(Boolean).join(' ')).toBe(words.join(' '));
        expect(last_name).toBe(words.length > 1 ? words[words.length - 1] : '');
      }),
    );
  });

  it('asks the shoot’s address on site, and a postal address with a deposit', () => {
    const client = {
      name: 'Léa Moreau',
      email: 'lea@client.test',
      phone: null,
      time_zone: 'Europe/Paris',
      address: null,
      street: ' ',
      zipcode: '75009',
      city: null,
      notes: null,
    };
    expect(missingClientFields(client, { onSite: false, deposit: false })).toEqual([]);
    expect(missingClientFields(client, { onSite: true, deposit: true }).map((p) => p.path)).toEqual([
      'address',
      'street',
      'city',
    ]);
  });
});

describe('the booking page’s language', () => {
  it.each([
    ['fr-CA,fr;q=0.9,en;q=0.8', 'en-US', 'fr-CA'],
    ['fr-BE,fr;q=0.9', 'en-GB', 'fr-FR'],
    ['en-NZ,en;q=0.9', 'en-GB', 'en-GB'],
    ['de-DE,en;q=0.5', 'fr-FR', 'en-US'],
    ['de-DE', 'fr-FR', 'fr-FR'],
    ['en;q=0.2,fr;q=0.9', 'en-US', 'fr-FR'],
    [undefined, 'en-AU', 'en-AU'],
  ] as const)('reads %s for a studio in %s as %s', (header, studio, read) => {
    expect(visitorLocale(header, studio)).toBe(read);
  });
});

describe('what a client may still change', () => {
  const now = new Date('2026-12-01T10:00:00Z');
  it('is anything until the notice before the start, nothing after; a hold any time; an ended booking never', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8760 }), fc.integer({ min: -1000, max: 20_000 }), (notice, hoursAhead) => {
        const starts_at = new Date(now.getTime() + hoursAhead * 3600_000);
        const refusal = clientChangeRefusal({ status: 'CONFIRMED', starts_at }, notice, now);
        expect(refusal === null).toBe(hoursAhead >= notice);
        expect(clientChangeRefusal({ status: 'HELD', starts_at }, notice, now)).toBeNull();
        expect(clientChangeRefusal({ status: 'CANCELLED', starts_at }, notice, now)).not.toBeNull();
      }),
    );
  });
});
