import fc from 'fast-check';
import { createImportPlanner, fieldChanges, planImport } from '../../../domain/imports/import-plan';
import { keyLookups, localDate, matchKeys } from '../../../domain/imports/match-keys';

describe('match keys', () => {
  it('contacts: e-mail then first plus last name, case-insensitive', () => {
    expect(matchKeys('contacts', { email: ' A@Example.com ', first_name: 'Élodie', last_name: 'MÜLLER' }, 'Europe/Paris')).toEqual(['email:a@example.com', 'name:élodie\u0000müller']);
  });

  it('sessions: title plus the start date in the studio time zone', () => {
    expect(matchKeys('sessions', { title: 'Mariage', start_date: { date: '2026-06-20', time: '23:30:00', offset: '-05:00' } }, 'Europe/Paris')).toEqual(['session:mariage\u00002026-06-21']);
    expect(localDate({ date: '2026-06-20', time: '23:30:00' }, 'America/New_York')).toBe('2026-06-20');
    expect(matchKeys('sessions', { title: 'Mariage' }, 'Europe/Paris')).toEqual([]);
  });

  it('quotes and invoices: title', () => {
    expect(matchKeys('invoices', { title: ' Facture 12 ' }, 'UTC')).toEqual(['title:facture 12']);
  });
});

describe('import plan', () => {
  const existing = [
    { id: 'old', keys: ['email:a@x.io'] },
    { id: 'newer', keys: ['email:a@x.io'] },
    { id: 'c', keys: ['name:bob\u0000smith'] },
  ];

  it('without updateExisting, creates every row; a repeated key updates the earlier row with a warning', () => {
    const plan = planImport([{ line: 2, keys: ['email:a@x.io'] }, { line: 3, keys: ['email:z@x.io'] }, { line: 5, keys: ['email:z@x.io'] }], existing, { updateExisting: false });
    expect(plan).toEqual([
      { line: 2, action: 'create' },
      { line: 3, action: 'create' },
      { line: 5, action: 'update', sameAsLine: 3, warning: 'Same record as line 3: this row updates it' },
    ]);
  });

  it('with updateExisting, updates the match, the oldest when several match, and reports the choice', () => {
    const plan = planImport([{ line: 2, keys: ['email:a@x.io'] }, { line: 3, keys: ['email:q@x.io', 'name:bob\u0000smith'] }, { line: 4, keys: ['email:n@x.io'] }], existing, { updateExisting: true });
    expect(plan).toEqual([
      { line: 2, action: 'update', existingId: 'old', warning: '2 existing records match (old, newer); updated old, the oldest' },
      { line: 3, action: 'update', existingId: 'c' },
      { line: 4, action: 'create' },
    ]);
  });

  it('honours rowActions', () => {
    const plan = planImport([{ line: 2, keys: ['email:a@x.io'] }, { line: 3, keys: ['name:bob\u0000smith'] }, { line: 4, keys: ['email:n@x.io'] }, { line: 6, keys: ['email:m@x.io'] }], existing, {
      updateExisting: true,
      rowActions: { 2: 'create', 3: 'skip', 4: 'update' },
    });
    expect(plan.map((d) => [d.line, d.action, d.error])).toEqual([
      [2, 'create', undefined],
      [3, 'skip', undefined],
      [4, 'skip', 'No existing record matches this row, so it cannot be updated'],
      [6, 'create', undefined],
    ]);
  });

  it('is deterministic and gives one decision per row, in order, for any input', () => {
    const key = fc.constantFrom('k1', 'k2', 'k3', 'k4');
    fc.assert(
      fc.property(
        fc.array(fc.record({ line: fc.nat(), keys: fc.array(key, { maxLength: 2 }) }), { maxLength: 20 }),
        fc.array(fc.record({ id: fc.uuid(), keys: fc.array(key, { maxLength: 2 }) }), { maxLength: 5 }),
        fc.boolean(),
        (rows, records, updateExisting) => {
          const plan = planImport(rows, records, { updateExisting });
          expect(plan.map((d) => d.line)).toEqual(rows.map((r) => r.line));
          expect(planImport(rows, records, { updateExisting })).toEqual(plan);
        },
      ),
    );
  });
});

describe('planning a file batch by batch', () => {
  it('decides exactly as planning it whole, each batch seeing only the records sharing its keys', () => {
    const key = fc.constantFrom('k1', 'k2', 'k3', 'k4', 'k5');
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ line: fc.integer({ min: 2, max: 60 }), keys: fc.array(key, { maxLength: 2 }) }), { selector: (r) => r.line, maxLength: 25 }),
        fc.array(fc.record({ id: fc.uuid(), keys: fc.array(key, { maxLength: 2 }) }), { maxLength: 6 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 7 }),
        fc.dictionary(fc.integer({ min: 2, max: 60 }).map(String), fc.constantFrom('create' as const, 'update' as const, 'skip' as const)),
        (unordered, records, updateExisting, size, actions) => {
          const rows = [...unordered].sort((a, b) => a.line - b.line);
          const rowActions = Object.fromEntries(Object.entries(actions).map(([l, a]) => [Number(l), a]));
          const whole = planImport(rows, records, { updateExisting, rowActions });
          const planner = createImportPlanner({ updateExisting, rowActions });
          const batched = [];
          for (let i = 0; i < rows.length; i += size) {
            const batch = rows.slice(i, i + size);
            const keys = new Set(batch.flatMap((r) => r.keys));
            batched.push(...planner.plan(batch, records.filter((r) => r.keys.some((k) => keys.has(k)))));
          }
          expect(batched).toEqual(whole);
        },
      ),
    );
  });

  it('turns a batch\'s keys into the values its database lookup needs', () => {
    expect(keyLookups(['email:a@x.io', 'name:anna\u0000petit', 'name:\u0000solo', 'email:a@x.io', 'title:devis', 'session:mariage\u00002026-06-20'])).toEqual({
      emails: ['a@x.io'],
      firstNames: ['anna', ''],
      lastNames: ['petit', 'solo'],
      titles: ['devis', 'mariage'],
    });
  });
});

describe('field changes for the preview', () => {
  it('lists the fields an update would change, from what to what', () => {
    expect(fieldChanges({ email: 'a@x.io', city: null, country: 'France' }, { email: 'a@x.io', city: 'Lyon', country: 'Belgique', notes: '' })).toEqual({
      city: { from: null, to: 'Lyon' },
      country: { from: 'France', to: 'Belgique' },
    });
  });
});
