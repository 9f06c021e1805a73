import fc from 'fast-check';
import { clockMinutes, isoWeekStart, isoWeekday, localDate, zonedInstant } from '../../../domain/booking/local-time';
import { addDays } from '../../../domain/invoicing/calendar-date';
import { formatTimestampInZone } from '../../../domain/wall-clock';

const ZONES = ['Europe/Paris', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const date2026 = fc.integer({ min: 0, max: 364 }).map((d) => addDays('2026-01-01', d));

describe('local time of a schedule (issue 45 §1)', () => {
  it('round-trips with the wall clock for a time the clock shows once', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        date2026,
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        (zone, date, minutes) => {
          const instant = zonedInstant(date, hhmm(minutes), zone);
          const shown = formatTimestampInZone(instant, zone);
          const oneHour = 3_600_000;
          // Skipped or repeated: the clock shows another time, or the same time an hour apart.
          const changes =
            shown !== `${date} ${hhmm(minutes)}` ||
            formatTimestampInZone(new Date(instant.getTime() + oneHour), zone) === shown ||
            formatTimestampInZone(new Date(instant.getTime() - oneHour), zone) === shown;
          if (!changes) expect(shown).toBe(`${date} ${hhmm(minutes)}`);
          expect(localDate(instant, zone) === date || changes).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('moves a skipped time forward by the jump and takes the first of a repeated time', () => {
    expect(zonedInstant('2026-03-29', '02:30', 'Europe/Paris').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(formatTimestampInZone(zonedInstant('2026-03-29', '02:30', 'Europe/Paris'), 'Europe/Paris')).toBe(
      '2026-03-29 03:30',
    );
    expect(zonedInstant('2026-10-25', '02:30', 'Europe/Paris').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedInstant('2026-03-08', '02:15', 'America/New_York').toISOString()).toBe('2026-03-08T07:15:00.000Z');
    expect(zonedInstant('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(zonedInstant('2026-10-04', '02:30', 'Australia/Sydney').toISOString()).toBe('2026-10-03T16:30:00.000Z');
    expect(zonedInstant('2026-04-05', '02:30', 'Australia/Sydney').toISOString()).toBe('2026-04-04T15:30:00.000Z');
  });

  it('reads 24:00 as the next day’s midnight and refuses what is not a time', () => {
    expect(zonedInstant('2026-10-25', '24:00', 'Europe/Paris')).toEqual(
      zonedInstant('2026-10-26', '00:00', 'Europe/Paris'),
    );
    expect(clockMinutes('24:00')).toBe(1440);
    for (const bad of ['24:01', '9:00', '12:60', '25:00', '', 'noon']) expect(clockMinutes(bad)).toBeNull();
    expect(() => zonedInstant('2026-02-30', '09:00', 'Europe/Paris')).toThrow(RangeError);
    expect(() => zonedInstant('2026-02-03', '09:00', 'Mars/Olympus')).toThrow(RangeError);
  });

  it('names ISO weekdays and weeks from Monday', () => {
    fc.assert(
      fc.property(date2026, (date) => {
        const monday = isoWeekStart(date);
        expect(isoWeekday(monday)).toBe(1);
        expect(isoWeekday(date)).toBe(1 + Math.round((Date.parse(date) - Date.parse(monday)) / 86_400_000));
      }),
      { numRuns: 100 },
    );
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(isoWeekStart('2026-11-29')).toBe('2026-11-23');
  });
});
