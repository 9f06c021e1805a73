import fc from 'fast-check';
import {
  lastEndedPeriod,
  nextPeriod,
  periodEnded,
  REPORT_FLOWS,
  reportingPeriodOf,
  VAT_REGIMES,
} from '../../../domain/e-reporting/reporting-periods';

const day = fc
  .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('the latest ended reporting period', () => {
  it('has ended on the day, and the period after it is the one the day falls in', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VAT_REGIMES), fc.constantFrom(...REPORT_FLOWS), day, (regime, flow, today) => {
        const last = lastEndedPeriod(regime, flow, today);
        expect(periodEnded(last, today)).toBe(true);
        expect(nextPeriod(regime, flow, last)).toEqual(reportingPeriodOf(regime, flow, today));
      }),
    );
  });

  it('on the first day of a month is the month (or decade, or two months) just gone', () => {
    expect(lastEndedPeriod('REEL_SIMPLIFIE', 'TRANSACTIONS', '2027-01-01')).toEqual({
      start: '2026-12-01',
      end: '2026-12-31',
    });
    expect(lastEndedPeriod('REEL_NORMAL_MENSUEL', 'TRANSACTIONS', '2027-03-01')).toEqual({
      start: '2027-02-21',
      end: '2027-02-28',
    });
    expect(lastEndedPeriod('REEL_NORMAL_MENSUEL', 'PAYMENTS', '2027-03-11')).toEqual({
      start: '2027-02-01',
      end: '2027-02-28',
    });
    expect(lastEndedPeriod('FRANCHISE_EN_BASE', 'PAYMENTS', '2028-03-01')).toEqual({
      start: '2028-01-01',
      end: '2028-02-29',
    });
  });
});
