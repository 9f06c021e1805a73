import fc from 'fast-check';
import { ianaTimeZone } from '../../../domain/time-zone';

const listed = [...Intl.supportedValuesOf('timeZone')];

describe('time zone names', () => {
  it('keeps every zone Intl lists, as spelled, and mends its case', () => {
    fc.assert(
      fc.property(fc.constantFrom(...listed), fc.func(fc.boolean()), (zone, upper) => {
        expect(ianaTimeZone(zone)).toBe(zone);
        const recased = [...zone].map((ch, i) => (upper(i) ? ch.toUpperCase() : ch.toLowerCase())).join('');
        expect(ianaTimeZone(recased)).toBe(zone);
      }),
    );
  });

  it('takes the tz database links people type, which Intl does not list', () => {
    for (const link of ['Asia/Kolkata', 'Europe/Kyiv', 'US/Eastern', 'Etc/UTC', 'UTC'])
      expect(ianaTimeZone(link)).toBe(link);
    // Still the same clock as the canonical name.
    const at = new Date('2026-11-24T08:00:00Z');
    const hour = (zone: string) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: 'numeric', minute: 'numeric' }).format(at);
    expect(hour(ianaTimeZone('asia/kolkata') as string)).toBe(hour('Asia/Kolkata'));
  });

  it('refuses offsets, unknown places and over-long names', () => {
    fc.assert(
      fc.property(fc.integer({ min: -12, max: 14 }), fc.integer({ min: 0, max: 59 }), (h, m) => {
        const offset = `${h < 0 ? '-' : '+'}${String(Math.abs(h)).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
        expect(ianaTimeZone(offset)).toBeNull();
      }),
    );
    for (const name of ['', 'Paris', 'Mars/Olympus', `Europe/${'x'.repeat(70)}`, 'Europe/Paris\n'])
      expect(ianaTimeZone(name)).toBeNull();
  });
});
