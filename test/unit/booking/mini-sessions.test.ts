import fc from 'fast-check';
import { zonedInstant } from '../../../domain/booking/local-time';
import { checkMiniSessionPlan, miniSessionSlots } from '../../../domain/booking/mini-sessions';

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const MINUTE = 60_000;

describe('a mini-session day’s slots (issue 45 §1)', () => {
  it('are `spots` slots of their length, a gap apart at least, none across a break, in order', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Europe/Paris', 'America/New_York', 'Australia/Sydney'),
        fc.constantFrom('2026-03-29', '2026-04-05', '2026-10-25', '2026-11-01', '2026-12-12'),
        fc.integer({ min: 6 * 60, max: 10 * 60 }),
        fc.integer({ min: 5, max: 60 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.tuple(fc.integer({ min: 7 * 60, max: 15 * 60 }), fc.integer({ min: 10, max: 90 })), {
          maxLength: 2,
        }),
        (time_zone, day, start, slot_minutes, gap_minutes, spots, rawBreaks) => {
          const breaks = rawBreaks.map(([from, length]) => ({ start: hhmm(from), end: hhmm(from + length) }));
          const plan = { day, time_zone, start_time: hhmm(start), slot_minutes, gap_minutes, breaks, spots };
          const slots = miniSessionSlots(plan);
          expect(slots).toHaveLength(spots);
          slots.forEach((s, i) => {
            expect(s.end.getTime() - s.start.getTime()).toBe(slot_minutes * MINUTE);
            if (i > 0)
              expect(s.start.getTime() - slots[i - 1].end.getTime()).toBeGreaterThanOrEqual(gap_minutes * MINUTE);
            for (const b of breaks) {
              const [from, to] = [zonedInstant(day, b.start, time_zone), zonedInstant(day, b.end, time_zone)];
              expect(s.end <= from || s.start >= to).toBe(true);
            }
          });
          if (checkMiniSessionPlan(plan).length === 0)
            expect(slots[0].start.getTime()).toBeLessThan(slots[spots - 1].end.getTime());
        },
      ),
      { numRuns: 150 },
    );
  });

  it('names a start or a break that is not a time, and slots that run past midnight', () => {
    const plan = {
      day: '2026-12-12',
      time_zone: 'Europe/Paris',
      start_time: '23:00',
      slot_minutes: 30,
      gap_minutes: 0,
      breaks: [],
      spots: 3,
    };
    expect(checkMiniSessionPlan(plan).map((p) => p.path)).toEqual(['spots']);
    expect(
      checkMiniSessionPlan({ ...plan, start_time: '25:00', breaks: [{ start: '12:00', end: '11:00' }] }).map(
        (p) => p.path,
      ),
    ).toEqual(['start_time', 'breaks.0']);
  });
});
