import fc from 'fast-check';
import { parseAmount, parseDateOnly, parseDateTime } from '../../../domain/imports/cell-values';
import { validateRow } from '../../../domain/imports/row-validation';
import { IMPORT_ENTITIES, IMPORT_TARGET_FIELDS } from '../../../domain/imports/target-fields';

const ID = '0b6f4f5e-1c1e-4a57-9b7a-3f9d7b2b8c11';

describe('row validation per entity', () => {
  it('contacts need a first or a last name, and a valid e-mail when one is given', () => {
    expect(validateRow('contacts', { last_name: 'Dupont', email: 'a@example.com' })).toEqual({
      ok: true,
      value: { last_name: 'Dupont', email: 'a@example.com' },
    });
    expect(validateRow('contacts', { email: 'a@example.com' })).toEqual({
      ok: false,
      message: 'first_name or last_name is required',
    });
    expect(validateRow('contacts', { first_name: 'A', email: 'not-an-email' })).toEqual({
      ok: false,
      message: 'email is not a valid e-mail address',
    });
    expect(validateRow('contacts', { first_name: 'A', zipcode: '1'.repeat(21) })).toEqual({
      ok: false,
      message: 'zipcode is longer than 20 characters',
    });
  });

  it("contacts read the locale they read as typed, else their language's; an empty cell keeps the studio's", () => {
    for (const [cell, locale] of [
      ['en-US', 'en-US'],
      ['en', 'en-US'],
      ['English', 'en-US'],
      ['fr_CA', 'fr-CA'],
      ['en-gb', 'en-GB'],
      ['fr-BE', 'fr-FR'],
      ['Français', 'fr-FR'],
    ]) {
      expect(validateRow('contacts', { first_name: 'A', locale: cell })).toEqual({
        ok: true,
        value: { first_name: 'A', locale },
      });
    }
    const empty = validateRow('contacts', { first_name: 'A', locale: '' });
    expect(empty.ok && empty.value.locale).toBeUndefined();
    expect(validateRow('contacts', { first_name: 'A', locale: 'Deutsch' })).toEqual({
      ok: false,
      message: 'locale must be fr-FR, en-US, fr-CA, en-GB, en-CA, en-AU or en-IE',
    });
  });

  it('contacts fall back on full_name only when both names are absent', () => {
    expect(validateRow('contacts', { full_name: 'Marie Curie' })).toEqual({
      ok: true,
      value: { first_name: 'Marie', last_name: 'Curie' },
    });
    expect(validateRow('contacts', { full_name: 'Marie Curie', last_name: 'Sklodowska' })).toEqual({
      ok: true,
      value: { last_name: 'Sklodowska' },
    });
  });

  it('sessions need title, location and a contact id; dates and status are read', () => {
    const ok = validateRow('sessions', {
      title: 'Mariage',
      location: 'Lyon',
      contact_id: ID,
      start_date: '14/03/2026 10:30',
      status: 'validated',
    });
    expect(ok).toEqual({
      ok: true,
      value: {
        title: 'Mariage',
        location: 'Lyon',
        contact_id: ID,
        start_date: { date: '2026-03-14', time: '10:30:00' },
        status: 'VALIDATED',
      },
    });
    const bad = validateRow('sessions', { title: 'Mariage', contact_id: 'abc', start_date: '2026-02-30' });
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.message).toBe(
        'location is required; contact_id is not a valid id; start_date is not a date (YYYY-MM-DD, optionally with a time)',
      );
    const order = validateRow('sessions', {
      title: 'T',
      location: 'L',
      contact_id: ID,
      start_date: '2026-03-14 12:00',
      end_date: '2026-03-14 11:00',
    });
    expect(order).toEqual({ ok: false, message: 'end_date must not be before start_date' });
  });

  it('quotes and invoices need a title and a session or contact id; statuses are the spec ones', () => {
    expect(
      validateRow('quotes', {
        title: 'Devis',
        amount: '1 234,5',
        status: 'accepted',
        contact_id: ID,
        valid_until: '2026-12-31',
      }),
    ).toEqual({
      ok: true,
      value: { title: 'Devis', amount: '1234.50', status: 'ACCEPTED', contact_id: ID, valid_until: '2026-12-31' },
    });
    expect(validateRow('quotes', { title: 'Devis' })).toEqual({
      ok: false,
      message: 'contact_id or session_id is required',
    });
    expect(validateRow('invoices', { title: 'F', session_id: ID, status: 'draft' })).toMatchObject({
      ok: true,
      value: { status: 'DRAFT' },
    });
    // Issued invoices of another tool come in as ISSUED (or the former SENT, PAID, OVERDUE); CANCELLED is made by credit notes only.
    for (const status of ['paid', 'SENT', 'ISSUED', 'overdue'])
      expect(validateRow('invoices', { title: 'F', session_id: ID, status })).toMatchObject({
        ok: true,
        value: { status: status.toUpperCase() },
      });
    expect(validateRow('invoices', { title: 'F', session_id: ID, status: 'CANCELLED' })).toEqual({
      ok: false,
      message: 'status must be one of DRAFT, ISSUED, SENT, PAID, OVERDUE',
    });
    expect(validateRow('invoices', { title: 'F', session_id: ID, amount: 'douze' })).toEqual({
      ok: false,
      message: 'amount is not an amount (at most 99 999 999.99)',
    });
  });

  it('never throws, for any record of any strings', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...IMPORT_ENTITIES),
        fc.dictionary(
          fc.oneof(fc.constantFrom(...new Set(Object.values(IMPORT_TARGET_FIELDS).flat())), fc.string()),
          fc.string({ unit: 'grapheme' }),
        ),
        (entity, record) => {
          const result = validateRow(entity, record);
          if (!result.ok) expect(result.message.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('cell values', () => {
  it('reads amounts in French and English writing', () => {
    expect(parseAmount('1.234,50 €')).toBe('1234.50');
    expect(parseAmount('1,234.50')).toBe('1234.50');
    expect(parseAmount('12')).toBe('12.00');
    expect(parseAmount('100000000')).toBeUndefined();
    expect(parseAmount('1e5')).toBeUndefined();
  });

  it('reads dates and date-times, with or without an offset', () => {
    expect(parseDateOnly('2026-3-4')).toBe('2026-03-04');
    expect(parseDateOnly('31/04/2026')).toBeUndefined();
    expect(parseDateTime('2026-03-14T10:30:00Z')).toEqual({ date: '2026-03-14', time: '10:30:00', offset: '+00:00' });
    expect(parseDateTime('2026-03-14 10:30+0100')).toEqual({ date: '2026-03-14', time: '10:30:00', offset: '+01:00' });
    expect(parseDateTime('2026-03-14 25:00')).toBeUndefined();
  });

  it('parsers never throw', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        parseAmount(s);
        parseDateOnly(s);
        parseDateTime(s);
      }),
    );
  });
});

describe('contacts: region and tax treatment (issue 30)', () => {
  it('reads a region code in any case, and refuses a region written out', () => {
    expect(validateRow('contacts', { last_name: 'Brooks', region: ' ny ' })).toEqual({
      ok: true,
      value: { last_name: 'Brooks', region: 'NY' },
    });
    expect(validateRow('contacts', { last_name: 'Brooks', region: '' })).toEqual({
      ok: true,
      value: { last_name: 'Brooks' },
    });
    expect(validateRow('contacts', { last_name: 'Brooks', region: 'New York' })).toEqual({
      ok: false,
      message: 'region must be a state or province code (NY, QC, NSW)',
    });
  });

  it('reads yes and no in English or French, leaves an empty cell unsaid, and refuses anything else', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('yes', 'Y', 'TRUE', '1', 'x', 'Oui', 'o', 'vrai'),
        fc.constantFrom('no', 'N', 'false', '0', 'NON', 'faux'),
        (yes, no) => {
          expect(validateRow('contacts', { last_name: 'A', reverse_charge: ` ${yes} ` })).toEqual({
            ok: true,
            value: { last_name: 'A', reverse_charge: true },
          });
          expect(validateRow('contacts', { last_name: 'A', reverse_charge: no })).toEqual({
            ok: true,
            value: { last_name: 'A', reverse_charge: false },
          });
        },
      ),
    );
    expect(validateRow('contacts', { last_name: 'A', reverse_charge: '' })).toEqual({
      ok: true,
      value: { last_name: 'A' },
    });
    expect(validateRow('contacts', { last_name: 'A', reverse_charge: 'maybe' })).toEqual({
      ok: false,
      message: 'reverse_charge must be yes or no',
    });
    expect(validateRow('contacts', { last_name: 'A', tax_exempt_reference: 'R'.repeat(101) })).toEqual({
      ok: false,
      message: 'tax_exempt_reference is longer than 100 characters',
    });
  });
});
