import fc from 'fast-check';
import { type AvailabilitySchedule, checkSchedule, workingIntervals } from '../../../domain/booking/availability';
import { addDays } from '../../../domain/invoicing/calendar-date';

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A day's hours from valid parts: sorted distinct boundaries on the quarter hour, paired up. */
const dayHours = fc.uniqueArray(fc.integer({ min: 0, max: 96 }), { maxLength: 6 }).map((qs) => {
  const sorted = [...qs].sort((a, b) => a - b);
  return Array.from({ length: Math.floor(sorted.length / 2) }, (_, i) => ({
    start: hhmm(sorted[2 * i] * 15),
    end: hhmm(sorted[2 * i + 1] * 15),
  }));
});

const schedule: fc.Arbitrary<AvailabilitySchedule> = fc.record({
  member_id: fc.constant('ines'),
  time_zone: fc.constantFrom('Europe/Paris', 'America/New_York', 'Australia/Sydney', 'Asia/Calcutta', 'UTC'),
  weekly: fc
    .array(dayHours, { minLength: 7, maxLength: 7 })
    .map((days) => days.flatMap((hours, i) => hours.map((h) => ({ weekday: i + 1, ...h })))),
  overrides: fc
    .uniqueArray(fc.integer({ min: 0, max: 400 }), { maxLength: 4 })
    .chain((days) =>
      fc.tuple(...days.map((d) => dayHours.map((hours) => ({ date: addDays('2026-01-01', d), hours })))),
    ),
});

/** Breaks a valid schedule one way, and the path the problem must name. */
const MUTATIONS: { name: string; apply: (s: AvailabilitySchedule) => string | null }[] = [
  { name: 'bad zone', apply: (s) => ((s.time_zone = 'Europe/Atlantis'), 'time_zone') },
  {
    name: 'end before start',
    apply: (s) =>
      s.weekly.length
        ? (([s.weekly[0].start, s.weekly[0].end] = [s.weekly[0].end, s.weekly[0].start]), 'weekly.0.end')
        : null,
  },
  { name: 'bad time', apply: (s) => (s.weekly.length ? ((s.weekly[0].start = '9:00'), 'weekly.0.start') : null) },
  {
    name: 'weekday out of range',
    apply: (s) => (s.weekly.length ? ((s.weekly[0].weekday = 8), 'weekly.0.weekday') : null),
  },
  {
    name: 'overlap',
    apply: (s) => (s.weekly.length ? (s.weekly.push({ ...s.weekly[0] }), `weekly.${s.weekly.length - 1}`) : null),
  },
  {
    name: 'an override date twice',
    apply: (s) =>
      s.overrides.length ? (s.overrides.push({ ...s.overrides[0] }), `overrides.${s.overrides.length - 1}.date`) : null,
  },
  {
    name: 'bad date',
    apply: (s) => (s.overrides.push({ date: '2026-02-30', hours: [] }), `overrides.${s.overrides.length - 1}.date`),
  },
];

describe('a member’s availability schedule (issue 45 §1)', () => {
  it('finds no problem in a schedule built from valid parts', () => {
    fc.assert(
      fc.property(schedule, (s) => expect(checkSchedule(s)).toEqual([])),
      { numRuns: 100 },
    );
  });

  it('names each way a schedule is broken, at its path', () => {
    fc.assert(
      fc.property(schedule, fc.constantFrom(...MUTATIONS), (s, mutation) => {
        const broken = structuredClone(s);
        const path = mutation.apply(broken);
        if (path === null) return;
        const problems = checkSchedule(broken);
        expect(problems.map((p) => p.path)).toContain(path);
        for (const p of problems) expect(p.message.length).toBeGreaterThan(5);
      }),
      { numRuns: 200 },
    );
  });

  it('merges touching hours, lets an override replace a weekday, and cuts to the range', () => {
    const s: AvailabilitySchedule = {
      member_id: 'ines',
      time_zone: 'Europe/Paris',
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '12:00', end: '18:00' },
        { weekday: 2, start: '20:00', end: '24:00' },
        { weekday: 3, start: '00:00', end: '02:00' },
      ],
      overrides: [{ date: '2026-12-07', hours: [] }],
    };
    const iso = (from: string, to: string) =>
      workingIntervals(s, new Date(from), new Date(to)).map((i) => [i.start.toISOString(), i.end.toISOString()]);
    expect(iso('2026-11-30T00:00:00Z', '2026-12-08T00:00:00Z')).toEqual([
      ['2026-11-30T08:00:00.000Z', '2026-11-30T17:00:00.000Z'],
      ['2026-12-01T19:00:00.000Z', '2026-12-02T01:00:00.000Z'],
    ]);
    expect(iso('2026-11-30T10:00:00Z', '2026-11-30T11:00:00Z')).toEqual([
      ['2026-11-30T10:00:00.000Z', '2026-11-30T11:00:00.000Z'],
    ]);
  });
});
