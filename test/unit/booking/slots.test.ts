import fc from 'fast-check';
import { type AvailabilitySchedule, type DayHours } from '../../../domain/booking/availability';
import { zonedInstant } from '../../../domain/booking/local-time';
import { blockedRange, freeSlots, isFreeSlot, type SlotQuery } from '../../../domain/booking/slots';
import { addDays, daysBetween } from '../../../domain/invoicing/calendar-date';
import { formatDateInZone, formatTimestampInZone } from '../../../domain/wall-clock';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Zones and the first days of ranges that cross their 2026 daylight saving changes. */
const RANGES = [
  ['Europe/Paris', '2026-03-26'],
  ['Europe/Paris', '2026-10-22'],
  ['America/New_York', '2026-03-05'],
  ['America/New_York', '2026-10-29'],
  ['Australia/Sydney', '2026-04-02'],
  ['Australia/Sydney', '2026-10-01'],
] as const;

/**
 * A day's hours on whole hours, apart from 02:00 and 03:00 (where the clocks change in these
 * zones, so hours 01:00–04:00 cross a change) and ending by 23:00, so no two entries touch and
 * every working stretch is one entry: a slot is then inside working hours exactly when its
 * wall-clock start and end are inside one entry of its day.
 */
const dayHours: fc.Arbitrary<DayHours[]> = fc
  .uniqueArray(fc.constantFrom(0, 1, 4, 5, 6, 8, 9, 10, 12, 13, 14, 16, 17, 18, 19, 21, 22, 23), { maxLength: 4 })
  .map((hours) => {
    const sorted = [...hours].sort((a, b) => a - b);
    const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
    return Array.from({ length: Math.floor(sorted.length / 2) }, (_, i) => ({
      start: hh(sorted[2 * i]),
      end: hh(sorted[2 * i + 1]),
    }));
  });

const MEMBERS = ['m1', 'm2', 'm3'];

const query = fc
  .record({
    range: fc.constantFrom(...RANGES),
    fromHours: fc.integer({ min: 0, max: 72 }),
    days: fc.integer({ min: 1, max: 6 }),
    members: fc.integer({ min: 1, max: 3 }),
    weekly: fc.array(fc.array(dayHours, { minLength: 7, maxLength: 7 }), { minLength: 3, maxLength: 3 }),
    overrides: fc.array(fc.record({ member: fc.nat(2), day: fc.nat(8), hours: dayHours }), { maxLength: 3 }),
    rules: fc.record({
      duration_minutes: fc.constantFrom(15, 30, 45, 60, 90, 120, 180),
      buffer_before_minutes: fc.constantFrom(0, 5, 15, 30, 60),
      buffer_after_minutes: fc.constantFrom(0, 10, 15, 45),
      increment_minutes: fc.constantFrom(5, 15, 20, 30, 45, 60),
      minimum_notice_minutes: fc.integer({ min: 0, max: 12 * 60 }),
      booking_window_days: fc.integer({ min: 1, max: 10 }),
      daily_limit: fc.option(fc.integer({ min: 0, max: 3 })),
      weekly_limit: fc.option(fc.integer({ min: 0, max: 8 })),
    }),
    nowHours: fc.integer({ min: -48, max: 6 }),
    busy: fc.array(
      fc.record({
        member: fc.nat(2),
        at: fc.integer({ min: -24 * 60, max: 8 * 24 * 60 }),
        length: fc.integer({ min: 1, max: 300 }),
      }),
      { maxLength: 40 },
    ),
    counted: fc.array(fc.record({ member: fc.nat(2), at: fc.integer({ min: -7 * 24 * 60, max: 10 * 24 * 60 }) }), {
      maxLength: 12,
    }),
  })
  .map((g): SlotQuery => {
    const zone: string = g.range[0];
    const firstDay: string = g.range[1];
    const base = zonedInstant(firstDay, '00:00', zone).getTime();
    const from = new Date(base + g.fromHours * 3_600_000);
    const members = MEMBERS.slice(0, g.members);
    const schedules: AvailabilitySchedule[] = members.map((member_id, m) => ({
      member_id,
      time_zone: zone,
      weekly: g.weekly[m].flatMap((hours, i) => hours.map((h) => ({ weekday: i + 1, ...h }))),
      overrides: [],
    }));
    for (const o of g.overrides) {
      const schedule = schedules[o.member % schedules.length];
      const date = addDays(firstDay, o.day);
      if (!schedule.overrides.some((x) => x.date === date)) schedule.overrides.push({ date, hours: o.hours });
    }
    return {
      schedules,
      rules: g.rules,
      now: new Date(from.getTime() + g.nowHours * 3_600_000),
      from,
      to: new Date(from.getTime() + g.days * DAY),
      busy: g.busy.map((b) => ({
        member_id: MEMBERS[b.member],
        start: new Date(from.getTime() + b.at * MINUTE),
        end: new Date(from.getTime() + (b.at + b.length) * MINUTE),
      })),
      counted: g.counted.map((c) => ({
        member_id: MEMBERS[c.member],
        start: new Date(from.getTime() + c.at * MINUTE),
      })),
    };
  });

/** Hours of a date by the schedule, read without the code under test. */
function hoursOf(schedule: AvailabilitySchedule, date: string): DayHours[] {
  const override = schedule.overrides.find((o) => o.date === date);
  if (override) return override.hours;
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay() || 7;
  return schedule.weekly.filter((h) => h.weekday === weekday);
}

const mondayOf = (date: string) => addDays(date, 1 - (new Date(`${date}T12:00:00Z`).getUTCDay() || 7));

/** Whether the member is at a limit on the local day or ISO week of `start`. */
function atLimit(q: SlotQuery, schedule: AvailabilitySchedule, start: Date): boolean {
  const zone = schedule.time_zone;
  const day = formatDateInZone(start, zone);
  const mine = q.counted.filter((c) => c.member_id === schedule.member_id).map((c) => formatDateInZone(c.start, zone));
  const { daily_limit, weekly_limit } = q.rules;
  return (
    (daily_limit !== null && mine.filter((d) => d === day).length >= daily_limit) ||
    (weekly_limit !== null && mine.filter((d) => mondayOf(d) === mondayOf(day)).length >= weekly_limit)
  );
}

/** Every start on the grid of every entry of working hours near the range, and whether the rules leave it free. */
function candidates(q: SlotQuery): { member: string; start: number; free: boolean }[] {
  const { rules } = q;
  const first = Math.max(q.from.getTime(), q.now.getTime() + rules.minimum_notice_minutes * MINUTE);
  const last = Math.min(q.to.getTime() - 1, q.now.getTime() + rules.booking_window_days * DAY);
  const out: { member: string; start: number; free: boolean }[] = [];
  for (const schedule of q.schedules) {
    const zone = schedule.time_zone;
    const firstDate = addDays(formatDateInZone(q.from, zone), -1);
    for (let i = 0; i <= daysBetween(firstDate, formatDateInZone(q.to, zone)) + 1; i++) {
      const date = addDays(firstDate, i);
      for (const h of hoursOf(schedule, date)) {
        const end = zonedInstant(date, h.end, zone).getTime();
        for (
          let s = zonedInstant(date, h.start, zone).getTime();
          s + rules.duration_minutes * MINUTE <= end;
          s += rules.increment_minutes * MINUTE
        ) {
          if (s < q.from.getTime() || s >= q.to.getTime()) continue;
          const blocked = blockedRange(rules, new Date(s));
          const free =
            s >= first &&
            s <= last &&
            !q.busy.some((b) => b.member_id === schedule.member_id && b.start < blocked.end && b.end > blocked.start) &&
            !atLimit(q, schedule, new Date(s));
          out.push({ member: schedule.member_id, start: s, free });
        }
      }
    }
  }
  return out;
}

/** Up to `n` items spread over a list. */
const sample = <T>(list: T[], n: number): T[] =>
  list.length <= n ? list : Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]);

describe('free slots (issue 45 §1) across daylight saving changes in Paris, New York and Sydney', () => {
  it('shows only slots inside working hours on the wall clock, of the real duration, free of busy time, within notice, window and limits', () => {
    fc.assert(
      fc.property(query, (q) => {
        const slots = freeSlots(q);
        const { rules } = q;
        slots.forEach((slot, i) => {
          if (i > 0) expect(slot.start.getTime()).toBeGreaterThan(slots[i - 1].start.getTime());
          expect(slot.member_ids).toEqual([...new Set(slot.member_ids)].sort());
          expect(slot.end.getTime() - slot.start.getTime()).toBe(rules.duration_minutes * MINUTE);
          expect(slot.start >= q.from && slot.start < q.to).toBe(true);
          expect(slot.start.getTime()).toBeGreaterThanOrEqual(q.now.getTime() + rules.minimum_notice_minutes * MINUTE);
          expect(slot.start.getTime()).toBeLessThanOrEqual(q.now.getTime() + rules.booking_window_days * DAY);
          const blocked = blockedRange(rules, slot.start);
          for (const member_id of slot.member_ids) {
            const schedule = q.schedules.find((s) => s.member_id === member_id)!;
            const [startDate, startTime] = formatTimestampInZone(slot.start, schedule.time_zone).split(' ');
            const [endDate, endTime] = formatTimestampInZone(slot.end, schedule.time_zone).split(' ');
            expect(endDate).toBe(startDate);
            expect(hoursOf(schedule, startDate).some((h) => h.start <= startTime && endTime <= h.end)).toBe(true);
            const clash = q.busy.find(
              (b) => b.member_id === member_id && b.start < blocked.end && b.end > blocked.start,
            );
            expect(clash).toBeUndefined();
            expect(atLimit(q, schedule, slot.start)).toBe(false);
          }
        });
      }),
      { numRuns: 150 },
    );
  });

  it('hides no free start: every start on the grid that the rules leave free is shown, and no other', () => {
    fc.assert(
      fc.property(query, (q) => {
        const shown = freeSlots(q).flatMap((s) => s.member_ids.map((m) => `${m} ${s.start.toISOString()}`));
        const expected = candidates(q)
          .filter((c) => c.free)
          .map((c) => `${c.member} ${new Date(c.start).toISOString()}`);
        expect(shown.sort()).toEqual([...new Set(expected)].sort());
      }),
      { numRuns: 150 },
    );
  });

  it('agrees with isFreeSlot: true for a shown start, false one minute off the grid, in busy time or past a rule', () => {
    fc.assert(
      fc.property(query, (q) => {
        const all = candidates(q);
        for (const c of sample(all, 40)) {
          expect(isFreeSlot(q, c.member, new Date(c.start))).toBe(c.free);
          expect(isFreeSlot(q, c.member, new Date(c.start + MINUTE))).toBe(false);
        }
        for (const slot of sample(freeSlots(q), 20))
          for (const m of slot.member_ids) expect(isFreeSlot(q, m, slot.start)).toBe(true);
        expect(isFreeSlot(q, 'not-a-member', q.from)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});

describe('free slots, by example', () => {
  const rules = {
    duration_minutes: 60,
    buffer_before_minutes: 15,
    buffer_after_minutes: 15,
    increment_minutes: 30,
    minimum_notice_minutes: 0,
    booking_window_days: 30,
    daily_limit: null,
    weekly_limit: null,
  };
  const paris: AvailabilitySchedule = {
    member_id: 'ines',
    time_zone: 'Europe/Paris',
    weekly: [{ weekday: 1, start: '09:00', end: '11:00' }],
    overrides: [],
  };
  const monday = { from: new Date('2026-11-30T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') };
  const base = { schedules: [paris], rules, busy: [], counted: [], now: new Date('2026-11-29T00:00:00Z'), ...monday };
  const starts = (q: SlotQuery) => freeSlots(q).map((s) => s.start.toISOString().slice(11, 16));

  it('steps from the start of working hours and lets buffers reach outside them', () => {
    expect(starts(base)).toEqual(['08:00', '08:30', '09:00']);
  });

  it('lets a busy time touch the blocked range, not overlap it', () => {
    const busy = [
      { member_id: 'ines', start: new Date('2026-11-30T09:15:00Z'), end: new Date('2026-11-30T10:00:00Z') },
    ];
    expect(starts({ ...base, busy })).toEqual(['08:00']);
  });

  it('shows nothing on a day at its limit', () => {
    const counted = [{ member_id: 'ines', start: new Date('2026-11-30T15:00:00Z') }];
    expect(starts({ ...base, counted, rules: { ...rules, daily_limit: 1 } })).toEqual([]);
    expect(starts({ ...base, counted, rules: { ...rules, daily_limit: 2 } })).toHaveLength(3);
  });

  it('keeps every slot of a month for three members with 2 000 busy times clear of each named member’s busy times and buffers', () => {
    const weekly = [1, 2, 3, 4, 5].flatMap((weekday) => [
      { weekday, start: '09:00', end: '12:00' },
      { weekday, start: '13:00', end: '18:00' },
    ]);
    const schedules = ['a', 'b', 'c'].map((member_id) => ({
      member_id,
      time_zone: 'Europe/Paris',
      weekly,
      overrides: [],
    }));
    const from = new Date('2026-03-01T00:00:00Z');
    const busy = Array.from({ length: 2000 }, (_, i) => {
      const start = from.getTime() + ((i * 7919 * MINUTE) % (31 * DAY));
      return { member_id: 'abc'[i % 3], start: new Date(start), end: new Date(start + 30 * MINUTE) };
    });
    const q = {
      schedules,
      rules: { ...rules, increment_minutes: 15 },
      busy,
      counted: [],
      now: from,
      from,
      to: new Date(from.getTime() + 31 * DAY),
    };
    // Its speed is bench:availability's (docs/performance.md), never a test's.
    const slots = freeSlots(q);
    expect(slots.length).toBeGreaterThan(0);
    const buffer = 15 * MINUTE;
    const clashes = slots.flatMap((slot) =>
      slot.member_ids.flatMap((member) =>
        busy.filter(
          (b) =>
            b.member_id === member &&
            b.end.getTime() > slot.start.getTime() - buffer &&
            b.start.getTime() < slot.end.getTime() + buffer,
        ),
      ),
    );
    expect(clashes).toEqual([]);
  });
});
