// A row the checks accept must fit its table (db/migrations): otherwise the database refuses the
// whole batch. The constraints are written out here, from the migrations, as PostgreSQL applies them.
import fc from 'fast-check';
import { type CellDateTime } from '../../../domain/imports/cell-values';
import { refusalMessage } from '../../../domain/imports/refusal-message';
import { validateRow } from '../../../domain/imports/row-validation';
import { type ImportEntity } from '../../../domain/imports/target-fields';
import { instantOf } from '../../../domain/imports/zoned-time';

const ID = '0b6f4f5e-1c1e-4a57-9b7a-3f9d7b2b8c11';

/** varchar(n) and text columns of each table, as the migrations declare them (0: text). */
const LENGTHS: Record<ImportEntity, Record<string, number>> = {
  contacts: {
    first_name: 100,
    last_name: 100,
    email: 255,
    phone_number: 50,
    street: 255,
    city: 100,
    zipcode: 20,
    country: 100,
    notes: 0,
    contact_type: 50,
  },
  sessions: { title: 255, location: 255, notes: 0 },
  quotes: { title: 255, description: 0 },
  invoices: { title: 0, description: 0 },
};
const STATUSES: Record<ImportEntity, string[]> = {
  contacts: [],
  sessions: ['PENDING', 'VALIDATED', 'COMPLETED', 'CANCELLED'],
  quotes: ['PENDING', 'SENT', 'ACCEPTED', 'REJECTED'],
  invoices: ['DRAFT', 'SENT', 'PAID', 'OVERDUE'],
};

/** What PostgreSQL would refuse in these values, or undefined when the row fits. */
function refusedByTable(entity: ImportEntity, value: Record<string, unknown>, timeZone: string): string | undefined {
  const btrim = (s: unknown) => (typeof s === 'string' ? s.replace(/^ +| +$/g, '') : '');
  for (const [field, v] of Object.entries(value)) {
    if (typeof v !== 'string') continue;
    if (v.includes('\u0000')) return `${field}: NUL`;
    if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(v))
      return `${field}: lone surrogate`;
    const max = LENGTHS[entity][field];
    if (max && [...v].length > max) return `${field}: longer than ${max}`;
  }
  if (entity === 'contacts' && btrim(value.first_name) === '' && btrim(value.last_name) === '')
    return 'contacts_name_present';
  if (entity !== 'contacts' && btrim(value.title) === '') return 'title check';
  if (value.status !== undefined && !STATUSES[entity].includes(value.status as string)) return 'status check';
  if (value.amount !== undefined) {
    const a = value.amount as string;
    if (!/^-?\d{1,8}\.\d{2}$/.test(a)) return `amount ${a}: not decimal(10,2)`;
    if (Number(a) < 0) return 'amount check';
  }
  if (entity === 'sessions' && value.start_date && value.end_date) {
    if (instantOf(value.end_date as CellDateTime, timeZone) < instantOf(value.start_date as CellDateTime, timeZone))
      return 'sessions_dates_ordered';
  }
  return undefined;
}

const tricky = fc.oneof(
  { arbitrary: fc.constantFrom('T', 'Zoé', 'Lyon'), weight: 3 },
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud83d', 'Zoé 😀', 'x'.repeat(101), 'é'.repeat(256)),
);
const amounts = fc.oneof(
  fc.constantFrom('-50', '0', '0,00', '0.004', '-0', '99999999.99', '99999999.995', '100000000', '1 200,50', '12 €'),
  fc.double({ noNaN: true }).map(String),
  fc.integer().map((n) => `${n},${Math.abs(n) % 100}`),
);
const dates = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      '2026-06-20 10:00-05:00',
      '2026-06-20 12:00+00:00',
      '2026-06-20 14:30',
      '2026-06-20 13:00Z',
    ),
    weight: 3,
  },
  fc.constantFrom(
    '2026-06-20 10:00-05:00',
    '2026-06-20 12:00+00:00',
    '2026-06-20 14:30',
    '2026-03-29 02:30',
    '2026-03-29 03:10',
    '2026-10-25 02:45',
    '2026-10-25 02:15',
    '20/06/2026',
  ),
  fc
    .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString()),
);
const statuses = fc.oneof(
  fc.constantFrom('pending', 'SENT', 'draft', 'Validated', 'paid', 'LOST', 'ß'),
  fc.string({ maxLength: 5 }),
);

function recordOf(entity: ImportEntity) {
  const common = { title: tricky, description: tricky, notes: tricky, status: statuses };
  const shapes = {
    contacts: {
      first_name: tricky,
      last_name: tricky,
      email: fc.oneof(tricky, fc.emailAddress()),
      phone_number: tricky,
      street: tricky,
      city: tricky,
      zipcode: tricky,
      country: fc.oneof(tricky, fc.constantFrom('France', 'uk', 'Royaume-Uni', 'de', 'Atlantis')),
      notes: tricky,
      contact_type: tricky,
    },
    sessions: { ...common, location: tricky, start_date: dates, end_date: dates, contact_id: fc.constant(ID) },
    quotes: { ...common, amount: amounts, valid_until: dates, contact_id: fc.constant(ID) },
    invoices: { ...common, amount: amounts, due_date: dates, session_id: fc.constant(ID) },
  } as const;
  return fc.record(shapes[entity] as Record<string, fc.Arbitrary<string>>, { requiredKeys: [] });
}

describe('a row the checks accept fits its table', () => {
  for (const entity of ['contacts', 'sessions', 'quotes', 'invoices'] as const) {
    it(`${entity}: every constraint of the table holds for any accepted row`, () => {
      fc.assert(
        fc.property(
          recordOf(entity),
          fc.constantFrom('Europe/Paris', 'America/New_York', 'UTC'),
          (record, timeZone) => {
            // Cells arrive trimmed and non-empty (rowMapper).
            const cells = Object.fromEntries(
              Object.entries(record)
                .map(([k, v]) => [k, (v ?? '').trim()])
                .filter(([, v]) => v !== ''),
            );
            const result = validateRow(entity, cells, timeZone);
            if (result.ok)
              expect(refusedByTable(entity, result.value as Record<string, unknown>, timeZone)).toBeUndefined();
          },
        ),
        { numRuns: 1500 },
      );
    });
  }
});

describe('line errors for what the table would refuse', () => {
  it('an amount of -50, 0 or one that rounds to 0 is not positive; one that rounds past decimal(10,2) is not an amount', () => {
    for (const entity of ['quotes', 'invoices'] as const) {
      for (const amount of ['-50', '0', '0,00', '0.004', '-0'])
        expect(validateRow(entity, { title: 'T', contact_id: ID, amount })).toEqual({
          ok: false,
          message: 'amount must be a positive number',
        });
      expect(validateRow(entity, { title: 'T', contact_id: ID, amount: '99999999.995' })).toEqual({
        ok: false,
        message: 'amount is not an amount (at most 99 999 999.99)',
      });
      expect(validateRow(entity, { title: 'T', contact_id: ID, amount: '99 999 999,99' })).toMatchObject({
        ok: true,
        value: { amount: '99999999.99' },
      });
      expect(validateRow(entity, { title: 'T', contact_id: ID, amount: '0,01' })).toMatchObject({
        ok: true,
        value: { amount: '0.01' },
      });
    }
  });

  it('a NUL or half of a character cannot be stored', () => {
    expect(validateRow('contacts', { first_name: 'Zo\u0000é' })).toEqual({
      ok: false,
      message: 'first_name contains a character that cannot be stored (NUL or half of a character)',
    });
    expect(validateRow('invoices', { title: 'F \ud83d', contact_id: ID })).toEqual({
      ok: false,
      message: 'title contains a character that cannot be stored (NUL or half of a character)',
    });
    expect(validateRow('contacts', { first_name: 'Zoé 😀' }).ok).toBe(true);
  });

  it('session dates compare as instants: offsets and the studio zone count', () => {
    const session = (start_date: string, end_date: string, timeZone = 'Europe/Paris') =>
      validateRow('sessions', { title: 'T', location: 'L', contact_id: ID, start_date, end_date }, timeZone).ok;
    // 10:00 in New York is 15:00 UTC, after the end at 12:00 UTC: the text order says otherwise.
    expect(session('2026-06-20 10:00-05:00', '2026-06-20 12:00+00:00')).toBe(false);
    expect(session('2026-06-20 14:30+02:00', '2026-06-20 13:00Z')).toBe(true);
    // 14:30 in Paris (12:30 UTC) ends before 13:00 UTC.
    expect(session('2026-06-20 14:30', '2026-06-20 13:00Z')).toBe(true);
    expect(session('2026-06-20 16:30', '2026-06-20 14:00Z')).toBe(false);
  });
});

describe('refusal messages', () => {
  it('names the field and the rule, and never throws', () => {
    expect(refusalMessage({ code: '23514', constraint: 'sessions_dates_ordered' })).toMatch(
      /^end_date must not be before start_date/,
    );
    expect(
      refusalMessage({ code: '23503', detail: 'Key (contact_id)=(0b6f) is not present in table "contacts".' }),
    ).toBe('contact_id is not one of your contacts (it may have just been deleted)');
    expect(
      refusalMessage({
        code: '23503',
        constraint: 'sessions_contact_id_fkey',
        detail: 'Key is not present in table "contacts".',
      }),
    ).toBe('contact_id is not one of your contacts (it may have just been deleted)');
    expect(refusalMessage({ code: '23502', column: 'title' })).toBe('title is required');
    expect(refusalMessage({ code: '23514', constraint: 'something_new' })).toBe(
      'the database refused this row (23514 something_new)',
    );
    fc.assert(
      fc.property(
        fc.string(),
        fc.option(fc.string(), { nil: undefined }),
        fc.option(fc.string(), { nil: undefined }),
        (code, constraint, detail) => expect(refusalMessage({ code, constraint, detail }).length).toBeGreaterThan(0),
      ),
    );
  });
});
