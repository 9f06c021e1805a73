import fc from 'fast-check';
import { ValidationError } from '../../../domain/errors';
import {
  cronProblem,
  scheduledEntityType,
  scheduleSpecOf,
  validateScheduleConfig,
} from '../../../domain/workflow-triggers/schedule-config';

const issuesOf = (raw: unknown) => {
  try {
    validateScheduleConfig(raw);
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    return ((err as ValidationError).details as { issues: { path: string; message: string }[] }).issues;
  }
  throw new Error('expected a ValidationError');
};

describe('validateScheduleConfig', () => {
  it('accepts a cron or every_minutes with an IANA zone, defaults the entity to sessions and normalises', () => {
    expect(validateScheduleConfig({ cron: ' 0  9 * * MON ', timezone: 'Europe/Paris' })).toEqual({
      cron: '0 9 * * MON',
      timezone: 'Europe/Paris',
      entity: 'sessions',
    });
    expect(
      validateScheduleConfig({
        every_minutes: 60,
        timezone: 'America/New_York',
        entity: 'invoices',
        start_at: '2027-01-01T09:00:00+01:00',
        end_at: '2027-06-01T00:00:00Z',
      }),
    ).toEqual({
      every_minutes: 60,
      timezone: 'America/New_York',
      entity: 'invoices',
      start_at: '2027-01-01T08:00:00.000Z',
      end_at: '2027-06-01T00:00:00.000Z',
    });
  });

  it('lists every problem with its path', () => {
    expect(issuesOf(null)).toEqual([{ path: 'schedule_config', message: 'required: an object' }]);
    expect(issuesOf({ cron: '0 9 * * 1', every_minutes: 60, timezone: 'Europe/Paris' }).map((i) => i.message)).toEqual([
      'give cron or every_minutes, not both',
    ]);
    expect(issuesOf({ entity: 'albums', start_at: 'tomorrow' }).map((i) => i.path)).toEqual([
      'schedule_config',
      'schedule_config.timezone',
      'schedule_config.entity',
      'schedule_config.start_at',
    ]);
    expect(
      issuesOf({
        every_minutes: 60,
        timezone: 'UTC',
        start_at: '2027-01-01T00:00:00Z',
        end_at: '2027-01-01T00:00:00Z',
      }),
    ).toEqual([{ path: 'schedule_config.end_at', message: 'end_at must be after start_at' }]);
    expect(issuesOf({ cron: 'every monday', timezone: 'UTC' })[0].path).toBe('schedule_config.cron');
  });

  it('every_minutes: whole numbers from 15 to 10 080 and nothing else', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -100_000, max: 100_000 }), fc.double({ noNaN: false })), (n) => {
        const ok = Number.isInteger(n) && n >= 15 && n <= 10_080;
        let accepted = true;
        try {
          validateScheduleConfig({ every_minutes: n, timezone: 'UTC' });
        } catch {
          accepted = false;
        }
        expect(accepted).toBe(ok);
      }),
    );
  });

  it('start_at before end_at is accepted whichever the instants, and the reverse refused', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 10 ** 10 }),
        (start, gap) => {
          const end = new Date(start.getTime() + gap);
          expect(
            validateScheduleConfig({
              every_minutes: 15,
              timezone: 'UTC',
              start_at: start.toISOString(),
              end_at: end.toISOString(),
            }).end_at,
          ).toBe(end.toISOString());
          expect(() =>
            validateScheduleConfig({
              every_minutes: 15,
              timezone: 'UTC',
              start_at: end.toISOString(),
              end_at: start.toISOString(),
            }),
          ).toThrow(ValidationError);
        },
      ),
    );
  });
});

describe('cronProblem', () => {
  it('accepts 5 fields of *, numbers in range, names, ranges, lists and steps', () => {
    for (const cron of [
      '* * * * *',
      '0 9 * * 1',
      '*/15 8-18 * * MON-FRI',
      '0 0 1,15 JAN,jul *',
      '30 6 * * 0',
      '0 12 31 12 7',
    ])
      expect([cron, cronProblem(cron)]).toEqual([cron, null]);
  });

  it('refuses the wrong number of fields, values out of range, bad steps and reversed ranges', () => {
    for (const cron of [
      '0 9 * *',
      '0 9 * * 1 2027',
      '60 * * * *',
      '0 24 * * *',
      '0 0 0 * *',
      '0 0 * 13 *',
      '0 0 * * 8',
      '*/0 * * * *',
      '5-1 * * * *',
      'a b c d e',
      '@daily',
    ])
      expect([cron, cronProblem(cron)]).not.toEqual([cron, null]);
  });

  it('any minute, hour, day, month and weekday in range is accepted', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 7 }),
        (m, h, d, mo, w) => {
          expect(cronProblem(`${m} ${h} ${d} ${mo} ${w}`)).toBeNull();
        },
      ),
    );
  });
});

describe('time zones, entities and the schedule spec', () => {
  it('takes a linked zone name such as Asia/Kolkata and refuses an offset', () => {
    const config = (timezone: string) => validateScheduleConfig({ every_minutes: 60, timezone });
    expect(config('Asia/Kolkata').timezone).toBe('Asia/Kolkata');
    expect(config('europe/paris').timezone).toBe('Europe/Paris');
    expect(() => config('+01:00')).toThrow(/timezone must be an IANA time zone/);
  });

  it('maps the config entity to the domain entity, sessions by default', () => {
    expect(scheduledEntityType({ entity: 'quotes' })).toBe('QUOTE');
    expect(scheduledEntityType({})).toBe('SESSION');
    expect(scheduledEntityType(null)).toBe('SESSION');
  });

  it('builds a cron or interval spec in the zone, with the bounds', () => {
    expect(scheduleSpecOf({ cron: '0 9 * * 1', timezone: 'Europe/Paris', entity: 'sessions' })).toEqual({
      cronExpressions: ['0 9 * * 1'],
      timezone: 'Europe/Paris',
    });
    expect(
      scheduleSpecOf({ every_minutes: 60, timezone: 'UTC', entity: 'sessions', start_at: '2027-01-01T00:00:00.000Z' }),
    ).toEqual({ intervals: [{ every: 3_600_000 }], timezone: 'UTC', startAt: new Date('2027-01-01T00:00:00.000Z') });
  });
});
