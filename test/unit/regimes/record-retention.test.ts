import fc from 'fast-check';
import { keptUntil, recordRetention } from '../../../domain/regimes/record-retention';

describe('record retention by country', () => {
  it('knows the six countries of the service, as docs/data-retention.md states them', () => {
    expect(['FR', 'GB', 'IE', 'US', 'CA', 'AU'].map((c) => recordRetention(c).years)).toEqual([10, 6, 6, 7, 6, 5]);
    expect(recordRetention(' fr ')).toMatchObject({ country: 'FR', basis: expect.stringContaining('L123-22') });
  });

  it('an unknown or missing country keeps the longest period the service knows', () => {
    expect(recordRetention('DE')).toMatchObject({ country: null, years: 10 });
    expect(recordRetention(null)).toMatchObject({ country: null, years: 10 });
  });

  it('counts from the year after the latest issue, to 31 December; nothing issued, no date', () => {
    const fr = recordRetention('FR');
    expect(keptUntil(fr, [new Date('2026-03-01T00:00:00Z'), new Date('2024-12-31T23:00:00Z')])).toBe('2037-12-31');
    expect(keptUntil(fr, [])).toBeNull();
  });

  it('property: never earlier than `years` after a financial year closing within twelve months of the latest issue', () => {
    fc.assert(
      fc.property(
        fc.array(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.constantFrom('FR', 'GB', 'IE', 'US', 'CA', 'AU', 'XX'),
        fc.integer({ min: 0, max: 365 }),
        (dates, country, daysToClose) => {
          const retention = recordRetention(country);
          const latest = Math.max(...dates.map((d) => d.getTime()));
          const close = new Date(latest + daysToClose * 86_400_000);
          const lawful = new Date(close);
          lawful.setUTCFullYear(close.getUTCFullYear() + retention.years);
          expect(new Date(`${keptUntil(retention, dates)}T23:59:59.999Z`).getTime()).toBeGreaterThanOrEqual(
            lawful.getTime(),
          );
        },
      ),
    );
  });
});
