import fc from 'fast-check';
import { formatTimestampInZone } from '../../../domain/wall-clock';
import {
  addDays,
  daysBetween,
  instantAtWallClock,
  isCalendarDate,
  weekdayOf,
} from '../../../domain/invoicing/calendar-date';

describe('calendar dates', () => {
  it('knows real dates from look-alikes', () => {
    expect(['2026-03-10', '2028-02-29', '2026-12-31'].every(isCalendarDate)).toBe(true);
    expect(
      ['2026-02-29', '2026-13-01', '2026-1-05', '2026-03-10T00:00', '', '0999-01-01', 20260310].some(isCalendarDate),
    ).toBe(false);
  });

  it('adds days across months, years and daylight saving changes', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-01-10', '2026-06-20')).toBe(161);
    expect(weekdayOf('2026-03-29')).toBe(0); // the spring-forward Sunday
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-02-01', 0.5)).toThrow(RangeError);
  });

  it('adding N days then -N gives the date back, N days apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: -5000, max: 5000 }), (start, n) => {
        const date = addDays('2000-01-01', start);
        expect(addDays(addDays(date, n), -n)).toBe(date);
        expect(daysBetween(date, addDays(date, n))).toBe(n);
        expect(weekdayOf(addDays(date, 7 * Math.trunc(n / 7)))).toBe(weekdayOf(date));
      }),
    );
  });

  it('instantAtWallClock shows the wall-clock time asked for, whenever it exists', () => {
    const zones = [
      'Europe/Paris',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
      'Pacific/Auckland',
      'UTC',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 4, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.constantFrom(...zones),
        (n, hour, minute, zone) => {
          // From 04:00 on: no zone here changes time after 03:00, so the time exists and is shown once.
          const date = addDays('2024-01-01', n);
          const instant = instantAtWallClock(date, hour, minute, zone);
          expect(formatTimestampInZone(instant, zone)).toBe(
            `${date} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
          );
        },
      ),
    );
  });
});
