import fc from 'fast-check';
import { paymentDay, readReceivedAt, receivedInstant } from '../../../domain/payments/payment-day';

const ZONES = [
  'Europe/Paris',
  'America/Martinique',
  'Pacific/Auckland',
  'America/Los_Angeles',
  'Australia/Sydney',
  'UTC',
];
const day = fc
  .date({ min: new Date('2000-01-02T00:00:00Z'), max: new Date('2040-12-30T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe("a payment's day", () => {
  it("is the studio's calendar day: 00:30 in Paris on 25 November is the 25th, though UTC says the 24th", () => {
    const halfPastMidnight = new Date('2026-11-24T23:30:00Z');
    expect(paymentDay(halfPastMidnight, 'Europe/Paris')).toBe('2026-11-25');
    expect(paymentDay(halfPastMidnight, 'UTC')).toBe('2026-11-24');
  });

  it('of a date given alone is that day, in every zone', () => {
    fc.assert(
      fc.property(day, fc.constantFrom(...ZONES), (given, zone) => {
        const instant = receivedInstant(given, zone)!;
        expect(paymentDay(instant, zone)).toBe(given);
      }),
    );
  });

  it('of a date and time with its offset is that instant', () => {
    expect(receivedInstant('2026-11-25T00:30:00+01:00', 'America/Martinique')).toEqual(
      new Date('2026-11-24T23:30:00Z'),
    );
  });

  it('refuses a day still to come on the studio’s clock and one before 2000, takes today', () => {
    const now = new Date('2026-11-25T03:00:00Z'); // 23:00 on the 24th in Martinique
    expect(readReceivedAt('2026-11-25', 'America/Martinique', now)).toEqual({ problem: 'must not be in the future' });
    expect(readReceivedAt('2026-11-24', 'America/Martinique', now)).toEqual({
      instant: new Date('2026-11-24T04:00:00Z'),
    });
    expect(readReceivedAt('2026-11-25', 'Europe/Paris', now)).toEqual({ instant: new Date('2026-11-24T23:00:00Z') });
    expect(readReceivedAt('1999-12-31', 'Europe/Paris', now)).toEqual({ problem: 'must be in 2000 or later' });
  });
});
