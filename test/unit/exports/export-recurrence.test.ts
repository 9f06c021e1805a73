import { exportScheduleSpec, validateRecurrence } from '../../../domain/exports/recurrence';

describe('scheduled export recurrence', () => {
  const at = new Date('2026-12-07T08:30:00Z'); // a Monday, 09:30 in Paris

  it('runs once at scheduled_at without a recurrence', () => {
    expect(exportScheduleSpec(at, null, 'Europe/Paris')).toEqual({
      startAt: at,
      timezone: 'Europe/Paris',
      calendars: [{ second: 0, minute: 30, hour: 9, dayOfMonth: 7, month: ['DECEMBER'], year: 2026 }],
      remainingActions: 1,
    });
  });

  it('keeps the owner wall-clock time every day and every week', () => {
    expect(exportScheduleSpec(at, { frequency: 'daily', interval: 1 }, 'Europe/Paris').calendars).toEqual([
      { second: 0, minute: 30, hour: 9 },
    ]);
    expect(exportScheduleSpec(at, { frequency: 'weekly', interval: 1 }, 'Europe/Paris').calendars).toEqual([
      { second: 0, minute: 30, hour: 9, dayOfWeek: 'MONDAY' },
    ]);
  });

  it('runs every N days or weeks on the phase of scheduled_at', () => {
    const spec = exportScheduleSpec(at, { frequency: 'weekly', interval: 2 }, 'Europe/Paris');
    const every = 14 * 86_400_000;
    expect(spec.intervals).toEqual([{ every, offset: at.getTime() % every }]);
  });

  it('runs monthly on the same day, in the months of the interval', () => {
    expect(exportScheduleSpec(at, { frequency: 'monthly', interval: 3 }, 'Europe/Paris').calendars).toEqual([
      { second: 0, minute: 30, hour: 9, dayOfMonth: 7, month: ['DECEMBER', 'MARCH', 'JUNE', 'SEPTEMBER'] },
    ]);
  });

  it('refuses intervals that do not repeat cleanly', () => {
    expect(() => validateRecurrence({ frequency: 'monthly', interval: 5 })).toThrow(/1, 2, 3, 4, 6 or 12/);
    expect(() => validateRecurrence({ frequency: 'daily', interval: 0 })).toThrow(/from 1 to 365/);
  });
});
