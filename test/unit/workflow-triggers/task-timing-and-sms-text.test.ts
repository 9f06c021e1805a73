import fc from 'fast-check';
import { resolveSmsText, SMS_FALLBACK } from '../../../domain/automations/sms-text';
import { delayDaysOf, scheduleFromInput, taskDueAt, TASK_TIMINGS } from '../../../domain/automations/task-timing';

const DAY = 86_400_000;
const appliedAt = Date.UTC(2026, 5, 1, 9);
const sessionStart = Date.UTC(2026, 5, 20, 14);

describe('taskDueAt', () => {
  it('dates each timing from the application or the session start', () => {
    expect(taskDueAt({ timing: 'IMMEDIATE', offsetMinutes: 999 }, { appliedAt, sessionStart })).toBe(appliedAt);
    expect(taskDueAt({ timing: 'AFTER_APPLIED', offsetMinutes: 2 * 1440 }, { appliedAt, sessionStart })).toBe(
      appliedAt + 2 * DAY,
    );
    expect(taskDueAt({ timing: 'BEFORE_SESSION_START', offsetMinutes: 1440 }, { appliedAt, sessionStart })).toBe(
      sessionStart - DAY,
    );
    expect(taskDueAt({ timing: 'AFTER_SESSION_START', offsetMinutes: 90 }, { appliedAt, sessionStart })).toBe(
      sessionStart + 90 * 60_000,
    );
  });

  it('has no date for a task timed on the start of a session without one', () => {
    expect(
      taskDueAt({ timing: 'BEFORE_SESSION_START', offsetMinutes: 60 }, { appliedAt, sessionStart: null }),
    ).toBeNull();
    expect(
      taskDueAt({ timing: 'AFTER_SESSION_START', offsetMinutes: 60 }, { appliedAt, sessionStart: null }),
    ).toBeNull();
    expect(taskDueAt({ timing: 'AFTER_APPLIED', offsetMinutes: 60 }, { appliedAt, sessionStart: null })).toBe(
      appliedAt + 3_600_000,
    );
  });

  it('never throws and gives a finite date or null for any timing and offset', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TASK_TIMINGS),
        fc.integer({ min: 0, max: 3650 * 1440 }),
        fc.option(fc.integer({ min: 0, max: 4e12 })),
        (timing, offsetMinutes, start) => {
          const due = taskDueAt({ timing, offsetMinutes }, { appliedAt, sessionStart: start });
          return due === null || Number.isFinite(due);
        },
      ),
    );
  });
});

describe('scheduleFromInput', () => {
  it('reads delay_days as days after the application, 0 as at once, and timing with its offset', () => {
    expect(scheduleFromInput({ delay_days: 3 })).toEqual({ timing: 'AFTER_APPLIED', offsetMinutes: 3 * 1440 });
    expect(scheduleFromInput({})).toEqual({ timing: 'IMMEDIATE', offsetMinutes: 0 });
    expect(scheduleFromInput({ timing: 'BEFORE_SESSION_START', offset_minutes: 120, delay_days: 9 })).toEqual({
      timing: 'BEFORE_SESSION_START',
      offsetMinutes: 120,
    });
    expect(scheduleFromInput({ timing: 'IMMEDIATE', offset_minutes: 120 })).toEqual({
      timing: 'IMMEDIATE',
      offsetMinutes: 0,
    });
    expect(delayDaysOf({ timing: 'AFTER_APPLIED', offsetMinutes: 2 * 1440 + 5 })).toBe(2);
    expect(delayDaysOf({ timing: 'BEFORE_SESSION_START', offsetMinutes: 2 * 1440 })).toBe(0);
  });
});

describe('resolveSmsText (spec order: template, config.message, action, description, fallback)', () => {
  it('takes the first non-blank text and names its source', () => {
    const all = { template: 'T', configMessage: 'C', action: 'A', description: 'D' };
    expect(resolveSmsText(all, 'fr-FR')).toEqual({ text: 'T', source: 'sms_template' });
    expect(resolveSmsText({ ...all, template: '  ' }, 'fr-FR')).toEqual({ text: 'C', source: 'action_config' });
    expect(resolveSmsText({ ...all, template: null, configMessage: 42 }, 'fr-FR')).toEqual({
      text: 'A',
      source: 'task_action',
    });
    expect(resolveSmsText({ description: 'D' }, 'fr-FR')).toEqual({ text: 'D', source: 'task_description' });
    expect(resolveSmsText({}, 'en-US')).toEqual({ text: SMS_FALLBACK['en-US'], source: 'system_fallback' });
  });

  it('always gives a non-blank text, whatever the candidates', () => {
    fc.assert(
      fc.property(
        fc.record({
          template: fc.option(fc.string()),
          configMessage: fc.anything(),
          action: fc.option(fc.string()),
          description: fc.option(fc.string()),
        }),
        (candidates) => resolveSmsText(candidates, 'fr-FR').text.trim() !== '',
      ),
    );
  });
});
