import fc from 'fast-check';
import { isCalendarDate } from '../../../domain/invoicing/calendar-date';
import {
  accountingFileProblem,
  accountingFormatProblem,
  clientCode,
  MAX_PERIOD_DAYS,
  periodDayList,
  periodDays,
  periodProblems,
} from '../../../domain/accounting/period';

describe('accounting period', () => {
  it('takes real days, in order, at most 366 days apart', () => {
    expect(periodProblems('2026-01-01', '2026-12-31')).toEqual([]);
    expect(periodProblems('2024-01-01', '2024-12-31')).toEqual([]);
    expect(periodDays('2024-01-01', '2024-12-31')).toBe(366);
    expect(periodProblems('2026-03-31', '2026-03-01')).toEqual([
      { path: 'to', message: 'The period ends before it starts' },
    ]);
    expect(periodProblems('2025-01-01', '2026-01-02')).toEqual([
      { path: 'to', message: `A period is at most ${MAX_PERIOD_DAYS} days` },
    ]);
    expect(periodProblems('2026-02-30', '2026-13-01').map((p) => p.path)).toEqual(['from', 'to']);
    expect(isCalendarDate('2026-1-01')).toBe(false);
  });

  it('accepts any ordered pair of days within 366 days, and refuses the reverse (property)', () => {
    const day = fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 800 }), (from, span) => {
        const to = new Date(Date.parse(`${from}T00:00:00Z`) + span * 86_400_000).toISOString().slice(0, 10);
        expect(periodProblems(from, to).length === 0).toBe(span < MAX_PERIOD_DAYS);
        if (span > 0) expect(periodProblems(to, from)).toHaveLength(1);
      }),
    );
  });

  it('needs a SIREN for a FEC only, and codes clients from their contact', () => {
    expect(accountingFileProblem({ format: 'fec' }, null)).toMatch(/SIREN/);
    expect(accountingFileProblem({ format: 'fec' }, '12345678')).toMatch(/SIREN/);
    expect(accountingFileProblem({ format: 'fec' }, '912345675')).toBeNull();
    expect(accountingFileProblem({ format: 'csv' }, null)).toBeNull();
    expect(clientCode('3f2a9c1e-0000-4000-8000-000000000000')).toBe('C3F2A9C1E');
    expect(clientCode(null)).toBeNull();
  });

  it('keeps the FEC and its csv to French studios; the journal and the tax subtotals to anyone', () => {
    for (const format of ['fec', 'csv']) {
      expect(accountingFormatProblem({ format }, true)).toBeNull();
      expect(accountingFormatProblem({ format }, false)).toMatch(/format=journal/);
    }
    for (const format of ['journal', 'tax_summary'])
      for (const french of [true, false]) expect(accountingFormatProblem({ format }, french)).toBeNull();
  });

  it('lists the days of a period, across month, year and leap day', () => {
    expect(periodDayList('2028-02-27', '2028-03-01')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(periodDayList('2026-12-31', '2027-01-01')).toEqual(['2026-12-31', '2027-01-01']);
    expect(periodDayList('2026-03-29', '2026-03-29')).toEqual(['2026-03-29']);
    expect(periodDayList('2026-01-01', '2026-12-31')).toHaveLength(365);
  });
});
