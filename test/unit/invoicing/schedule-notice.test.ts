import fc from 'fast-check';
import { scheduleNoticeLines } from '../../../domain/invoicing/schedule-notice';
import { type StoredInstallment } from '../../../domain/invoicing/stored-schedule';

const schedule: StoredInstallment[] = [
  { percentage: 30, due: { type: 'on_booking' } },
  { percentage: 40, due: { type: 'before_start', days: 30 } },
  { percentage: 30, due: { type: 'after_start', days: 0 } },
];
// Intl writes money and dates with narrow no-break spaces; read them as plain spaces.
const plain = (lines: string[]) => lines.map((l) => l.replace(/[\u202f\u00a0]/g, ' '));
const context = (sessionStart: string) => ({ totalCents: 120000n, bookingDate: '2026-03-01', sessionStart });

describe('scheduleNoticeLines', () => {
  it('lists the unpaid installments that follow the session, with their new and former dates', () => {
    expect(
      plain(scheduleNoticeLines(schedule, context('2026-09-12'), context('2026-10-10'), 0n, 'fr-FR', 'EUR')),
    ).toEqual([
      'Échéance 2 : 480,00 €, le 10 septembre 2026 (au lieu du 13 août 2026)',
      'Échéance 3 : 360,00 €, le 10 octobre 2026 (au lieu du 12 septembre 2026)',
    ]);
    // The deposit and the second installment paid: only the last one is told, in English.
    expect(
      plain(scheduleNoticeLines(schedule, context('2026-09-12'), context('2026-10-10'), 84000n, 'en-US', 'EUR')),
    ).toEqual(['Installment 3: €360.00, due October 10, 2026 (instead of September 12, 2026)']);
  });

  it('says nothing when the session did not move, and never lists an installment that does not follow it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: -200, max: 200 }), (offset, move) => {
        const start = new Date(Date.UTC(2026, 5, 1) + offset * 86_400_000).toISOString().slice(0, 10);
        const moved = new Date(Date.UTC(2026, 5, 1) + (offset + move) * 86_400_000).toISOString().slice(0, 10);
        const lines = scheduleNoticeLines(schedule, context(start), context(moved), 0n, 'en-US', 'EUR');
        if (move === 0) expect(lines).toEqual([]);
        expect(lines.some((l) => l.startsWith('Installment 1'))).toBe(false);
      }),
    );
  });
});
