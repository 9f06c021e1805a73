import fc from 'fast-check';
import {
  counterKey,
  DEFAULT_NUMBER_FORMATS,
  DOCUMENT_SERIES,
  formatDocumentNumber,
  MAX_FORMAT_LENGTH,
  numberFormatProblems,
  numberTemplate,
  type SequenceReset,
  sequenceOf,
  yearInZone,
} from '../../../domain/invoicing/numbering';

const PARIS = 'Europe/Paris';
const at = (iso: string) => new Date(iso);

describe('formatDocumentNumber', () => {
  it('prints the default formats of the three series', () => {
    const issuedAt = at('2026-03-14T10:00:00Z');
    expect(formatDocumentNumber(DEFAULT_NUMBER_FORMATS.invoice, 'yearly', 1, issuedAt, PARIS)).toBe('F-2026-00001');
    expect(formatDocumentNumber(DEFAULT_NUMBER_FORMATS.credit_note, 'yearly', 42, issuedAt, PARIS)).toBe(
      'AV-2026-00042',
    );
    expect(formatDocumentNumber(DEFAULT_NUMBER_FORMATS.quote, 'yearly', 7, issuedAt, PARIS)).toBe('D-2026-00007');
  });

  it('fills {YY} and {MM}, keeps literal text, and grows past the padding instead of cutting', () => {
    const issuedAt = at('2026-03-14T10:00:00Z');
    expect(formatDocumentNumber('FA/{YY}{MM}/{seq:3}', 'yearly', 5, issuedAt, PARIS)).toBe('FA/2603/005');
    expect(formatDocumentNumber('F-{YYYY}-{seq:5}', 'yearly', 123456, issuedAt, PARIS)).toBe('F-2026-123456');
    expect(formatDocumentNumber('{seq:1}', 'continuous', 9, issuedAt, PARIS)).toBe('9');
  });

  it("takes the year and month on the studio's calendar, not UTC's", () => {
    // 23:30 on 31 December in Paris is 22:30 UTC: still 2026 in Paris.
    expect(formatDocumentNumber('F-{YYYY}{MM}-{seq:5}', 'yearly', 1, at('2026-12-31T22:30:00Z'), PARIS)).toBe(
      'F-202612-00001',
    );
    // 23:30 UTC on 31 December is already 1 January 2027 in Paris, still 2026 in New York.
    expect(formatDocumentNumber('F-{YYYY}-{seq:5}', 'yearly', 1, at('2026-12-31T23:30:00Z'), PARIS)).toBe(
      'F-2027-00001',
    );
    expect(formatDocumentNumber('F-{YYYY}-{seq:5}', 'yearly', 1, at('2026-12-31T23:30:00Z'), 'America/New_York')).toBe(
      'F-2026-00001',
    );
  });

  it('refuses an invalid format or counter value', () => {
    expect(() => formatDocumentNumber('F-{seq:5}', 'yearly', 1, at('2026-01-01T12:00:00Z'), PARIS)).toThrow(
      /needs \{YYYY\} or \{YY\}/,
    );
    expect(() => formatDocumentNumber('F-{YYYY}-{seq:5}', 'yearly', 0, at('2026-01-01T12:00:00Z'), PARIS)).toThrow(
      RangeError,
    );
    expect(() => formatDocumentNumber('F-{YYYY}-{seq:5}', 'yearly', 1.5, at('2026-01-01T12:00:00Z'), PARIS)).toThrow(
      RangeError,
    );
  });
});

describe('numberFormatProblems', () => {
  it('accepts the defaults, yearly or continuous', () => {
    for (const series of DOCUMENT_SERIES) {
      expect(numberFormatProblems(DEFAULT_NUMBER_FORMATS[series], 'yearly')).toEqual([]);
      expect(numberFormatProblems(DEFAULT_NUMBER_FORMATS[series], 'continuous')).toEqual([]);
    }
    expect(numberFormatProblems('INV#{seq:6}', 'continuous')).toEqual([]);
  });

  it('says what is wrong, in words a studio owner can act on', () => {
    expect(numberFormatProblems('', 'continuous')).toEqual(['The format is empty: it needs at least {seq:N}']);
    expect(numberFormatProblems('F-{YYYY}', 'yearly')).toEqual([
      'The format has no {seq:N}: every number needs the counter',
    ]);
    expect(numberFormatProblems('{YYYY}-{seq:3}-{seq:3}', 'yearly')).toEqual([
      'The format has 2 {seq} tokens; it needs exactly one',
    ]);
    expect(numberFormatProblems('F-{YYYY}-{DD}-{seq:3}', 'yearly')).toEqual([
      'Unknown token {DD}: use {YYYY}, {YY}, {MM} or {seq:N}',
    ]);
    expect(numberFormatProblems('F-{YYYY}-{seq}', 'yearly')).toEqual([
      '{seq} must give the number of digits, from 1 to 10: {seq:5}',
    ]);
    expect(numberFormatProblems('F-{YYYY}-{seq:11}', 'yearly')).toEqual([
      '{seq:11} must give the number of digits, from 1 to 10: {seq:5}',
    ]);
    expect(numberFormatProblems('F-{YYYY-{seq:3}', 'yearly')[0]).toMatch(/^Unbalanced brace/);
    expect(numberFormatProblems('Facture {YYYY}-{seq:3}', 'yearly')).toEqual([
      '"Facture " has a character other than letters, digits and - _ / . #',
    ]);
    expect(numberFormatProblems(`${'F'.repeat(MAX_FORMAT_LENGTH)}{seq:3}`, 'continuous')[0]).toMatch(
      /at most 40 are allowed/,
    );
    // A yearly counter restarts at 1: without the year, F-00001 would come back every January.
    expect(numberFormatProblems('F-{MM}-{seq:5}', 'yearly')).toEqual([
      'A yearly sequence restarts at 1 each year: the format needs {YYYY} or {YY} so numbers stay unique',
    ]);
    expect(numberFormatProblems('F-{MM}-{seq:5}', 'continuous')).toEqual([]);
  });
});

describe('counterKey', () => {
  it('is series and year for a yearly sequence, the series alone for a continuous one', () => {
    expect(counterKey('invoice', 'yearly', at('2026-06-01T10:00:00Z'), PARIS)).toEqual({
      series: 'invoice',
      year: 2026,
      key: 'invoice:2026',
    });
    expect(counterKey('credit_note', 'continuous', at('2026-06-01T10:00:00Z'), PARIS)).toEqual({
      series: 'credit_note',
      year: null,
      key: 'credit_note',
    });
  });

  it("counts an invoice issued at 23:30 on 31 December in Paris in that year's counter", () => {
    // 23:30 in Paris (winter, UTC+1) is 22:30 UTC; an hour later UTC is in the new year too.
    expect(counterKey('invoice', 'yearly', at('2026-12-31T22:30:00Z'), PARIS).key).toBe('invoice:2026');
    expect(yearInZone(at('2027-01-01T00:30:00+02:00'), 'UTC')).toBe(2026);
    expect(counterKey('invoice', 'yearly', at('2026-12-31T23:30:00Z'), PARIS).key).toBe('invoice:2027');
  });
});

const formats = fc.constantFrom(
  'F-{YYYY}-{seq:5}',
  'AV-{YYYY}-{seq:5}',
  'D-{YY}{MM}-{seq:3}',
  '{seq:1}{YYYY}',
  'FA/{YYYY}/{MM}/{seq:4}',
  'F{YY}.{seq:2}',
);
// One century in every zone: {YY} repeats after a hundred years (2099 and 1999 both print 99).
const instants = fc.date({ min: at('2000-01-02T00:00:00Z'), max: at('2099-12-30T00:00:00Z'), noInvalidDate: true });
const zones = fc.constantFrom('Europe/Paris', 'UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/New_York');
const seqs = fc.integer({ min: 1, max: 10_000_000 });
const reset: SequenceReset = 'yearly';

describe('numbering: properties', () => {
  it('the template the database fills (prefix, seq padded never cut, suffix) makes the same number', () => {
    fc.assert(
      fc.property(formats, seqs, instants, zones, (format, seq, issuedAt, zone) => {
        const { prefix, width, suffix } = numberTemplate(format, reset, issuedAt, zone);
        const digits = String(seq);
        expect(prefix + (digits.length >= width ? digits : digits.padStart(width, '0')) + suffix).toBe(
          formatDocumentNumber(format, reset, seq, issuedAt, zone),
        );
      }),
    );
  });

  it('a format round-trips: the counter value is read back from any number it made', () => {
    fc.assert(
      fc.property(formats, seqs, instants, zones, (format, seq, issuedAt, zone) => {
        expect(sequenceOf(format, reset, formatDocumentNumber(format, reset, seq, issuedAt, zone))).toBe(seq);
      }),
    );
  });

  it('consecutive counter values give distinct numbers', () => {
    fc.assert(
      fc.property(formats, seqs, instants, zones, (format, seq, issuedAt, zone) => {
        expect(formatDocumentNumber(format, reset, seq, issuedAt, zone)).not.toBe(
          formatDocumentNumber(format, reset, seq + 1, issuedAt, zone),
        );
      }),
    );
  });

  it('numbers of different counter keys of one series differ: the year is in every yearly number', () => {
    fc.assert(
      fc.property(formats, seqs, instants, instants, zones, (format, seq, a, b, zone) => {
        fc.pre(counterKey('invoice', reset, a, zone).key !== counterKey('invoice', reset, b, zone).key);
        expect(formatDocumentNumber(format, reset, seq, a, zone)).not.toBe(
          formatDocumentNumber(format, reset, seq, b, zone),
        );
      }),
    );
  });

  it('numbers of one counter key sort in counter order compared as (key, seq)', () => {
    fc.assert(
      fc.property(
        formats,
        fc.uniqueArray(seqs, { minLength: 2, maxLength: 20 }),
        instants,
        zones,
        (format, values, issuedAt, zone) => {
          const key = counterKey('invoice', reset, issuedAt, zone).key;
          const numbers = values.map((seq) => ({
            key,
            number: formatDocumentNumber(format, reset, seq, issuedAt, zone),
          }));
          const sorted = [...numbers].sort((a, b) =>
            a.key < b.key
              ? -1
              : a.key > b.key
                ? 1
                : (sequenceOf(format, reset, a.number) ?? 0) - (sequenceOf(format, reset, b.number) ?? 0),
          );
          expect(sorted.map((n) => n.number)).toEqual(
            [...values].sort((a, b) => a - b).map((seq) => formatDocumentNumber(format, reset, seq, issuedAt, zone)),
          );
        },
      ),
    );
  });

  it('a number is not read as another format made it', () => {
    expect(sequenceOf('F-{YYYY}-{seq:5}', reset, 'AV-2026-00001')).toBeNull();
    expect(sequenceOf('F-{YYYY}-{seq:5}', reset, 'F-2026-001')).toBeNull();
    // Text order is not counter order once the counter outgrows its padding: hence (key, seq).
    expect('F-2026-100000' < 'F-2026-99999').toBe(true);
    expect(sequenceOf('F-{YYYY}-{seq:5}', reset, 'F-2026-100000')).toBe(100000);
  });
});
