import fc from 'fast-check';
import { formatDateInZone } from '../../../domain/wall-clock';
import { addDays, instantAtWallClock } from '../../../domain/invoicing/calendar-date';
import {
  isQuietTime,
  MAX_REMINDER_STEPS,
  nextAllowedMoment,
  nextReminder,
  type ReminderState,
  type ReminderStep,
  reminderStepProblems,
} from '../../../domain/invoicing/reminder-plan';

const PARIS = 'Europe/Paris';
const NEW_YORK = 'America/New_York';
const at = (iso: string) => new Date(iso);
const email = ['email'] as ReminderStep['channels'];

const dunning: ReminderStep[] = [
  { offsetDays: -3, channels: email },
  { offsetDays: 0, channels: ['email', 'sms'] },
  { offsetDays: 3, repeatEveryDays: 7, maxRepeats: 2, channels: email },
];
const state = (overrides: Partial<ReminderState> = {}): ReminderState => ({
  dueDate: '2026-03-10',
  timeZone: PARIS,
  now: at('2026-03-01T10:00:00Z'),
  sentCount: [],
  paused: false,
  stopped: false,
  ...overrides,
});

/** The client's clock, read independently of the module: weekday, hour and minute. */
function clock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { weekday: parts.weekday, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}
const quiet = (instant: Date, timeZone: string) => {
  const { weekday, time } = clock(instant, timeZone);
  return weekday === 'Sun' || time < '09:00:00' || time >= '20:00:00';
};

describe('nextReminder', () => {
  it('walks a plan step by step: 3 days before, on the due date, then weekly twice after', () => {
    const sent: number[] = [];
    const sends: string[] = [];
    let now = at('2026-03-01T10:00:00Z');
    for (
      let next = nextReminder(dunning, state({ now }));
      next;
      next = nextReminder(dunning, state({ now, sentCount: sent }))
    ) {
      sends.push(`${next.at.toISOString()} step ${next.stepIndex}.${next.occurrence} ${next.channels.join('+')}`);
      sent[next.stepIndex] = next.occurrence + 1;
      now = next.at;
    }
    // 09:00 in Paris is 08:00 UTC in March before the 29th, 07:00 UTC after.
    expect(sends).toEqual([
      '2026-03-07T08:00:00.000Z step 0.0 email', // Saturday
      '2026-03-10T08:00:00.000Z step 1.0 email+sms',
      '2026-03-13T08:00:00.000Z step 2.0 email',
      '2026-03-20T08:00:00.000Z step 2.1 email',
      '2026-03-27T08:00:00.000Z step 2.2 email',
    ]);
  });

  it('says nothing while paused or stopped, and resuming sends only the latest reminder missed', () => {
    expect(nextReminder(dunning, state({ paused: true }))).toBeNull();
    expect(nextReminder(dunning, state({ stopped: true }))).toBeNull();
    // Paused from 1 March to Wednesday 18 March 15:00 in Paris: the reminders of the 7th, 10th and 13th were missed.
    const resumed = nextReminder(dunning, state({ now: at('2026-03-18T14:00:00Z') }));
    expect(resumed).toMatchObject({
      at: at('2026-03-18T14:00:00Z'),
      stepIndex: 2,
      occurrence: 0,
      scheduledDate: '2026-03-13',
    });
    // Once it is sent, the next is the repeat of the 20th; the missed ones of the 7th and 10th stay passed over.
    expect(nextReminder(dunning, state({ now: at('2026-03-18T14:00:00Z'), sentCount: [0, 0, 1] }))).toMatchObject({
      at: at('2026-03-20T08:00:00Z'),
      stepIndex: 2,
      occurrence: 1,
    });
  });

  it('an invoice issued late gets the latest reminder it missed, then the rest of the plan', () => {
    // Monday 9 March, 11:00 in Paris: the reminder of the 7th is late, sent now; then the due date.
    const late = nextReminder(dunning, state({ now: at('2026-03-09T10:00:00Z') }));
    expect(late).toMatchObject({ at: at('2026-03-09T10:00:00Z'), stepIndex: 0 });
    expect(nextReminder(dunning, state({ now: late!.at, sentCount: [1] }))).toMatchObject({
      at: at('2026-03-10T08:00:00Z'),
      stepIndex: 1,
    });
  });

  it('waits for 09:00 when the moment falls in quiet hours, and skips Sunday', () => {
    // Tuesday 10 March, 20:30 in Paris, the due-date reminder not sent yet: Wednesday 09:00.
    expect(nextReminder([{ offsetDays: 0, channels: email }], state({ now: at('2026-03-10T19:30:00Z') }))?.at).toEqual(
      at('2026-03-11T08:00:00Z'),
    );
    // 07:15 that Tuesday: 09:00 the same day.
    expect(nextReminder([{ offsetDays: 0, channels: email }], state({ now: at('2026-03-10T06:15:00Z') }))?.at).toEqual(
      at('2026-03-10T08:00:00Z'),
    );
    // Due on Sunday 15 March: Monday 09:00.
    expect(nextReminder([{ offsetDays: 0, channels: email }], state({ dueDate: '2026-03-15' }))).toMatchObject({
      at: at('2026-03-16T08:00:00Z'),
      scheduledDate: '2026-03-15',
    });
    // Saturday 21:00: Monday 09:00.
    expect(nextAllowedMoment(at('2026-03-14T20:00:00Z'), PARIS)).toEqual(at('2026-03-16T08:00:00Z'));
  });

  it("a Sunday reminder gives way to Monday's own: never two at the same moment", () => {
    const steps: ReminderStep[] = [
      { offsetDays: -1, channels: email },
      { offsetDays: 0, channels: email },
    ];
    // Due Monday 16 March: the Sunday reminder would move onto Monday 09:00, where the due-date one is.
    const next = nextReminder(steps, state({ dueDate: '2026-03-16' }));
    expect(next).toMatchObject({ at: at('2026-03-16T08:00:00Z'), stepIndex: 1 });
    expect(nextReminder(steps, state({ dueDate: '2026-03-16', now: next!.at, sentCount: [0, 1] }))).toBeNull();
    // Two steps on one day (a repeat meeting the due-date step): the later offset, the due-date step, goes.
    const meeting: ReminderStep[] = [
      { offsetDays: -3, repeatEveryDays: 3, maxRepeats: 1, channels: email },
      { offsetDays: 0, channels: email },
    ];
    expect(nextReminder(meeting, state({ now: at('2026-03-08T10:00:00Z'), sentCount: [1] }))).toMatchObject({
      at: at('2026-03-10T08:00:00Z'),
      stepIndex: 1,
    });
  });

  it('follows Paris across both changes of time: spring forward on Sunday 29 March, fall back on Sunday 25 October', () => {
    const onDue = [{ offsetDays: 0, channels: email }];
    // A step landing on the spring-forward day (a Sunday): Monday 09:00, now summer time (UTC+2).
    expect(nextReminder(onDue, state({ dueDate: '2026-03-29' }))?.at).toEqual(at('2026-03-30T07:00:00Z'));
    // The day before, still winter time (UTC+1).
    expect(nextReminder(onDue, state({ dueDate: '2026-03-28' }))?.at).toEqual(at('2026-03-28T08:00:00Z'));
    // Asked at 03:30 summer time, just after the jump, with the reminder due: Monday 09:00.
    expect(nextReminder(onDue, state({ dueDate: '2026-03-28', now: at('2026-03-29T01:30:00Z') }))?.at).toEqual(
      at('2026-03-30T07:00:00Z'),
    );
    // Autumn: Saturday 24 October is summer time, Monday 26 winter time.
    expect(nextReminder(onDue, state({ dueDate: '2026-10-24' }))?.at).toEqual(at('2026-10-24T07:00:00Z'));
    expect(nextReminder(onDue, state({ dueDate: '2026-10-25' }))?.at).toEqual(at('2026-10-26T08:00:00Z'));
  });

  it('follows New York across spring forward (Sunday 8 March 2026), on the client clock, not the studio one', () => {
    const onDue = [{ offsetDays: 0, channels: email }];
    const ny = (overrides: Partial<ReminderState>) => state({ timeZone: NEW_YORK, ...overrides });
    expect(nextReminder(onDue, ny({ dueDate: '2026-03-07' }))?.at).toEqual(at('2026-03-07T14:00:00Z')); // 09:00 EST
    expect(nextReminder(onDue, ny({ dueDate: '2026-03-08' }))?.at).toEqual(at('2026-03-09T13:00:00Z')); // Monday 09:00 EDT
    // Saturday 21:00 EST, the reminder of the day not sent: Monday 09:00 EDT.
    expect(nextReminder(onDue, ny({ dueDate: '2026-03-07', now: at('2026-03-08T02:00:00Z') }))?.at).toEqual(
      at('2026-03-09T13:00:00Z'),
    );
    // A step 2 days after a due date of Friday 6 March lands on the spring-forward Sunday: Monday 09:00 EDT.
    expect(nextReminder([{ offsetDays: 2, channels: email }], ny({ dueDate: '2026-03-06' }))).toMatchObject({
      at: at('2026-03-09T13:00:00Z'),
      scheduledDate: '2026-03-08',
    });
  });

  it('refuses invalid input', () => {
    expect(() => nextReminder([{ offsetDays: 0, channels: [] }], state())).toThrow(/Invalid reminder steps/);
    expect(() => nextReminder(dunning, state({ dueDate: '2026-02-30' }))).toThrow(RangeError);
    expect(() => nextReminder(dunning, state({ sentCount: [-1] }))).toThrow(RangeError);
    expect(() => nextReminder(dunning, state({ timeZone: 'Mars/Olympus' }))).toThrow(RangeError);
    expect(nextReminder([], state())).toBeNull();
  });
});

describe('reminderStepProblems', () => {
  it('accepts a sound plan', () => {
    expect(reminderStepProblems(dunning)).toEqual([]);
  });

  it('answers every problem with its path', () => {
    const steps = [
      { offsetDays: 1.5, channels: email },
      { offsetDays: 400, channels: ['email', 'email'] },
      { offsetDays: 0, repeatEveryDays: 7, channels: ['sms'] },
      { offsetDays: 0, maxRepeats: 2, channels: ['fax'] },
      { offsetDays: 5, repeatEveryDays: 0, maxRepeats: 53, channels: email },
    ] as ReminderStep[];
    expect(reminderStepProblems(steps)).toEqual([
      {
        path: 'reminder_steps.0.offset_days',
        message: 'The offset is a whole number of days from -365 (before the due date) to 365 (after it)',
      },
      {
        path: 'reminder_steps.1.offset_days',
        message: 'The offset is a whole number of days from -365 (before the due date) to 365 (after it)',
      },
      { path: 'reminder_steps.1.channels', message: 'A channel is named twice' },
      { path: 'reminder_steps.2.max_repeats', message: 'A step that repeats says up to how many times' },
      {
        path: 'reminder_steps.2.channels',
        message: 'Every reminder is sent by email (it carries the payment link); add sms to send a text as well',
      },
      { path: 'reminder_steps.3.offset_days', message: 'Step 2 already reminds on that day: one step per day' },
      { path: 'reminder_steps.3.repeat_every_days', message: 'A step that repeats says every how many days' },
      { path: 'reminder_steps.3.channels', message: 'The channels are email and sms' },
      { path: 'reminder_steps.4.repeat_every_days', message: 'Repeat every 1 to 365 days' },
      { path: 'reminder_steps.4.max_repeats', message: 'A step repeats 1 to 52 times' },
    ]);
    const many = Array.from({ length: MAX_REMINDER_STEPS + 1 }, (_, i) => ({ offsetDays: i, channels: email }));
    expect(reminderStepProblems(many)).toEqual([
      { path: 'reminder_steps', message: 'At most 10 reminder steps; there are 11' },
    ]);
  });
});

describe('quiet hours', () => {
  it('20:00 is quiet, 09:00 is not, Sunday all day', () => {
    expect(isQuietTime(at('2026-03-10T19:00:00Z'), PARIS)).toBe(true); // Tuesday 20:00
    expect(isQuietTime(at('2026-03-10T18:59:59Z'), PARIS)).toBe(false);
    expect(isQuietTime(at('2026-03-10T08:00:00Z'), PARIS)).toBe(false); // 09:00
    expect(isQuietTime(at('2026-03-15T11:00:00Z'), PARIS)).toBe(true); // Sunday noon
  });

  it('instantAtWallClock: a skipped time gives the instant the clock jumps to; a repeated one the first', () => {
    expect(instantAtWallClock('2026-03-29', 2, 30, PARIS)).toEqual(at('2026-03-29T01:30:00Z')); // 02:30 does not exist: 03:30 CEST
    expect(instantAtWallClock('2026-10-25', 2, 30, PARIS)).toEqual(at('2026-10-25T00:30:00Z')); // 02:30 CEST, the first of two
    expect(instantAtWallClock('2026-03-08', 9, 0, NEW_YORK)).toEqual(at('2026-03-08T13:00:00Z'));
  });
});

// Random plans: distinct offsets, some repeating; zones with and without daylight saving, half-hour ones included.
const ZONES = [
  PARIS,
  NEW_YORK,
  'UTC',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Auckland',
  'America/Sao_Paulo',
  'Asia/Tokyo',
];
const stepsArb: fc.Arbitrary<ReminderStep[]> = fc
  .uniqueArray(fc.integer({ min: -60, max: 60 }), { minLength: 1, maxLength: MAX_REMINDER_STEPS })
  .chain((offsets) =>
    fc.tuple(
      ...offsets.map((offsetDays) =>
        fc
          .record({
            repeat: fc.option(
              fc.record({
                repeatEveryDays: fc.integer({ min: 1, max: 14 }),
                maxRepeats: fc.integer({ min: 1, max: 8 }),
              }),
              { nil: undefined },
            ),
            sms: fc.boolean(),
          })
          .map(
            ({ repeat, sms }): ReminderStep => ({
              offsetDays,
              ...repeat,
              channels: sms ? ['email', 'sms'] : ['email'],
            }),
          ),
      ),
    ),
  );
// Due dates over 2026, DST weeks included; `now` within 90 days either side, to the second.
const dueDateArb = fc.integer({ min: 0, max: 364 }).map((n) => addDays('2026-01-01', n));
const caseArb = fc.record({
  steps: stepsArb,
  dueDate: dueDateArb,
  timeZone: fc.constantFrom(...ZONES),
  nowOffsetSeconds: fc.integer({ min: -90 * 86400, max: 90 * 86400 }),
  sentCount: fc.array(fc.nat({ max: 10 }), { maxLength: MAX_REMINDER_STEPS }),
});
const stateOf = (
  c: { dueDate: string; timeZone: string; nowOffsetSeconds: number; sentCount: number[] },
  overrides: Partial<ReminderState> = {},
): ReminderState => ({
  dueDate: c.dueDate,
  timeZone: c.timeZone,
  now: new Date(Date.parse(`${c.dueDate}T12:00:00Z`) + c.nowOffsetSeconds * 1000),
  sentCount: c.sentCount,
  paused: false,
  stopped: false,
  ...overrides,
});

describe('reminder plan: properties', () => {
  it('the answer is never in quiet hours, never before now, and is now or 09:00 sharp on the client clock', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const s = stateOf(c);
        const next = nextReminder(c.steps, s);
        if (!next) return;
        expect(next.at.getTime() >= s.now.getTime()).toBe(true);
        expect(quiet(next.at, c.timeZone)).toBe(false);
        if (next.at.getTime() !== s.now.getTime()) expect(clock(next.at, c.timeZone).time).toBe('09:00:00');
        expect(next.occurrence >= (c.sentCount[next.stepIndex] ?? 0)).toBe(true);
        expect(next.scheduledDate <= formatDateInZone(next.at, c.timeZone)).toBe(true);
      }),
    );
  });

  it('paused or stopped: null', () => {
    fc.assert(
      fc.property(caseArb, fc.boolean(), (c, paused) => {
        expect(nextReminder(c.steps, stateOf(c, { paused, stopped: !paused }))).toBeNull();
      }),
    );
  });

  it('a larger sentCount never makes the next moment earlier; a later now neither', () => {
    fc.assert(
      fc.property(
        caseArb,
        fc.nat({ max: MAX_REMINDER_STEPS - 1 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 30 * 86400 }),
        (c, which, more, laterSeconds) => {
          const before = nextReminder(c.steps, stateOf(c));
          const counts = [...c.sentCount];
          while (counts.length <= which) counts.push(0);
          counts[which] += more;
          const afterSending = nextReminder(c.steps, stateOf(c, { sentCount: counts }));
          const afterWaiting = nextReminder(
            c.steps,
            stateOf({ ...c, nowOffsetSeconds: c.nowOffsetSeconds + laterSeconds }),
          );
          for (const after of [afterSending, afterWaiting]) {
            if (!before) expect(after).toBeNull();
            else if (after) expect(after.at.getTime() >= before.at.getTime()).toBe(true);
          }
        },
      ),
    );
  });

  it('a workflow that sends each answer, waking on time or late, sends in strictly increasing moments, each occurrence once, and ends', () => {
    fc.assert(
      fc.property(
        caseArb,
        fc.array(fc.integer({ min: 0, max: 3 * 86400 }), { minLength: 1, maxLength: 20 }),
        (c, delays) => {
          const total = c.steps.reduce((n, s) => n + 1 + (s.maxRepeats ?? 0), 0);
          const sent: number[] = [];
          const seen = new Set<string>();
          let now = stateOf(c).now;
          let last = -Infinity;
          let wakeLate = true; // at most one late wake-up per send: a workflow always wakes on time in the end
          let rounds = 0;
          for (;;) {
            const next = nextReminder(c.steps, stateOf(c, { now, sentCount: sent }));
            if (!next) break;
            expect(++rounds).toBeLessThanOrEqual(2 * total + 1);
            // The workflow sleeps until next.at, maybe wakes late, asks again and sends what it gets if due.
            const woke = new Date(next.at.getTime() + (wakeLate ? delays[rounds % delays.length] : 0));
            const due = nextReminder(c.steps, stateOf(c, { now: woke, sentCount: sent }));
            if (!due) break;
            expect(due.at.getTime() >= woke.getTime()).toBe(true);
            if (due.at.getTime() > woke.getTime()) {
              now = woke; // woke in quiet hours: sleep again
              wakeLate = false;
              continue;
            }
            expect(due.at.getTime() > last).toBe(true);
            expect(quiet(due.at, c.timeZone)).toBe(false);
            const key = `${due.stepIndex}.${due.occurrence}`;
            expect(seen.has(key)).toBe(false);
            seen.add(key);
            last = due.at.getTime();
            sent[due.stepIndex] = due.occurrence + 1;
            now = due.at;
            wakeLate = true;
          }
          expect(seen.size <= total).toBe(true);
        },
      ),
    );
  });

  it('asked again at its own moment, the answer is that same moment', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const next = nextReminder(c.steps, stateOf(c));
        if (!next) return;
        expect(nextReminder(c.steps, stateOf(c, { now: next.at }))?.at).toEqual(next.at);
      }),
    );
  });
});
