import { formatAmount, neutraliseFormula } from '../../../domain/exports/cell-format';
import { formatDateInZone, formatTimestampInZone, wallClockDate } from '../../../domain/wall-clock';
import { exportFileName, exportObjectKey, TIME_ZONE_PATTERN } from '../../../domain/exports/export-file';

describe('cells of an export', () => {
  it('neutralise what a spreadsheet would execute, and nothing else', () => {
    for (const risky of ['=SUM(A1)', '+33 6 12', '-2+3', '@cmd', '\tx', '\rx'])
      expect(neutraliseFormula(risky)).toBe(`'${risky}`);
    for (const safe of ['Élodie', '', ' =not first', "'already"]) expect(neutraliseFormula(safe)).toBe(safe);
  });

  it("write amounts as plain numbers with the dialect's decimal separator; a negative stays a number", () => {
    expect(formatAmount('120.00', { decimalSeparator: '.' })).toBe('120.00');
    expect(formatAmount('120.00', { decimalSeparator: ',' })).toBe('120,00');
    expect(formatAmount(-5.5, { decimalSeparator: ',' })).toBe('-5,50');
  });

  it("write dates and times as the owner's clock showed them", () => {
    const instant = new Date('2026-11-22T13:30:00Z');
    expect(formatTimestampInZone(instant, 'Europe/Paris')).toBe('2026-11-22 14:30');
    expect(formatTimestampInZone(instant, 'America/New_York')).toBe('2026-11-22 08:30');
    expect(formatDateInZone(new Date('2026-11-22T23:30:00Z'), 'Europe/Paris')).toBe('2026-11-23');
    // Summer time: UTC+2 in Paris.
    expect(wallClockDate(new Date('2026-07-01T22:15:00Z'), 'Europe/Paris')).toEqual(new Date('2026-07-02T00:15:00Z'));
  });

  it('name files and keys by entity, date, owner and job run', () => {
    const name = exportFileName('contacts', 'excel', '2026-11-22');
    expect(name).toBe('contacts-2026-11-22.xlsx');
    expect(exportObjectKey('u-1', 'run-1', name)).toBe('exports/u-1/run-1/contacts-2026-11-22.xlsx');
  });

  it('accept zone names only, never anything that could end an SQL literal', () => {
    for (const zone of ['Europe/Paris', 'UTC', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5'])
      expect(TIME_ZONE_PATTERN.test(zone)).toBe(true);
    for (const bad of ["Europe/Paris'", 'Europe/Paris; DROP', '', '../etc/passwd', 'a b'])
      expect(TIME_ZONE_PATTERN.test(bad)).toBe(false);
  });
});
