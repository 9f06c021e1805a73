import fc from 'fast-check';
import {
  createImportPlanner,
  fieldChanges,
  identityKey,
  type PlannedRow,
  planImport,
} from '../../../domain/imports/import-plan';
import { keyLookups, localDate, matchKeys } from '../../../domain/imports/match-keys';

describe('match keys', () => {
  it('contacts: e-mail then first plus last name, case-insensitive', () => {
    expect(
      matchKeys('contacts', { email: ' A@Example.com ', first_name: 'Élodie', last_name: 'MÜLLER' }, 'Europe/Paris'),
    ).toEqual(['email:a@example.com', 'name:élodie\u0000müller']);
  });

  it('sessions: title plus the start date in the studio time zone', () => {
    expect(
      matchKeys(
        'sessions',
        { title: 'Mariage', start_date: { date: '2026-06-20', time: '23:30:00', offset: '-05:00' } },
        'Europe/Paris',
      ),
    ).toEqual(['session:mariage\u00002026-06-21']);
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

  it('without updateExisting, creates one record per row; an exact duplicate is only a warning', () => {
    const plan = planImport(
      [
        { line: 2, keys: ['email:a@x.io'] },
        { line: 3, keys: ['email:z@x.io'] },
        { line: 5, keys: ['email:z@x.io'] },
      ],
      existing,
      { updateExisting: false },
    );
    expect(plan).toEqual([
      { line: 2, action: 'create' },
      { line: 3, action: 'create' },
      {
        line: 5,
        action: 'create',
        warning: 'Same e-mail as line 3: imported as another contact (updateExisting=true would update the first)',
      },
    ]);
  });

  it('with updateExisting, updates the match, the oldest when several match, and reports the choice', () => {
    const plan = planImport(
      [
        { line: 2, keys: ['email:a@x.io'] },
        { line: 3, keys: ['email:q@x.io', 'name:bob\u0000smith'] },
        { line: 4, keys: ['email:n@x.io'] },
      ],
      existing,
      { updateExisting: true },
    );
    expect(plan).toEqual([
      {
        line: 2,
        action: 'update',
        existingId: 'old',
        warning: '2 existing records match (old, newer); updated old, the oldest',
      },
      { line: 3, action: 'update', existingId: 'c' },
      { line: 4, action: 'create' },
    ]);
  });

  it('honours rowActions', () => {
    const plan = planImport(
      [
        { line: 2, keys: ['email:a@x.io'] },
        { line: 3, keys: ['name:bob\u0000smith'] },
        { line: 4, keys: ['email:n@x.io'] },
        { line: 6, keys: ['email:m@x.io'] },
      ],
      existing,
      {
        updateExisting: true,
        rowActions: { 2: 'create', 3: 'skip', 4: 'update' },
      },
    );
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
        fc.uniqueArray(fc.record({ line: fc.integer({ min: 2, max: 60 }), keys: fc.array(key, { maxLength: 2 }) }), {
          selector: (r) => r.line,
          maxLength: 25,
        }),
        fc.array(fc.record({ id: fc.uuid(), keys: fc.array(key, { maxLength: 2 }) }), { maxLength: 6 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 7 }),
        fc.dictionary(
          fc.integer({ min: 2, max: 60 }).map(String),
          fc.constantFrom('create' as const, 'update' as const, 'skip' as const),
        ),
        (unordered, records, updateExisting, size, actions) => {
          const rows = [...unordered].sort((a, b) => a.line - b.line);
          const rowActions = Object.fromEntries(Object.entries(actions).map(([l, a]) => [Number(l), a]));
          const whole = planImport(rows, records, { updateExisting, rowActions });
          const planner = createImportPlanner({ updateExisting, rowActions });
          const batched = [];
          for (let i = 0; i < rows.length; i += size) {
            const batch = rows.slice(i, i + size);
            const keys = new Set(batch.flatMap((r) => r.keys));
            batched.push(
              ...planner.plan(
                batch,
                records.filter((r) => r.keys.some((k) => keys.has(k))),
              ),
            );
          }
          expect(batched).toEqual(whole);
        },
      ),
    );
  });

  it("turns a batch's keys into the values its database lookup needs", () => {
    expect(
      keyLookups([
        'email:a@x.io',
        'name:anna\u0000petit',
        'name:\u0000solo',
        'email:a@x.io',
        'title:devis',
        'session:mariage\u00002026-06-20',
      ]),
    ).toEqual({
      emails: ['a@x.io'],
      firstNames: ['anna', ''],
      lastNames: ['petit', 'solo'],
      titles: ['devis', 'mariage'],
    });
  });
});

describe('field changes for the preview', () => {
  it('lists the fields an update would change, from what to what', () => {
    expect(
      fieldChanges(
        { email: 'a@x.io', city: null, country: 'France' },
        { email: 'a@x.io', city: 'Lyon', country: 'Belgique', notes: '' },
      ),
    ).toEqual({
      city: { from: null, to: 'Lyon' },
      country: { from: 'France', to: 'Belgique' },
    });
  });
});

describe('two people with one name', () => {
  const contact = (line: number, first: string, last: string, email?: string): PlannedRow => {
    const keys = [...(email ? [`email:${email}`] : []), `name:${first}\u0000${last}`];
    const identity = identityKey(keys);
    return identity ? { line, keys, identity } : { line, keys };
  };

  it('without updateExisting: every row is created; only same e-mails, or same names without e-mails, warn', () => {
    const plan = planImport(
      [
        contact(2, 'marie', 'martin', 'marie1@x.io'),
        contact(3, 'marie', 'martin', 'marie2@x.io'),
        contact(4, 'marie', 'martin'),
        contact(5, 'marie', 'martin'),
        contact(6, 'x', 'y', 'MARIE2@x.io'.toLowerCase()),
      ],
      [],
      { updateExisting: false },
    );
    expect(plan).toEqual([
      { line: 2, action: 'create' },
      { line: 3, action: 'create' },
      { line: 4, action: 'create' },
      {
        line: 5,
        action: 'create',
        warning:
          'Same name as line 4, neither with an e-mail: imported as another contact (updateExisting=true would update the first)',
      },
      {
        line: 6,
        action: 'create',
        warning: 'Same e-mail as line 3: imported as another contact (updateExisting=true would update the first)',
      },
    ]);
  });

  it('with updateExisting: a name never joins a row and a record whose e-mails differ, in the file or stored', () => {
    expect(
      planImport(
        [
          contact(2, 'marie', 'martin', 'marie1@x.io'),
          contact(3, 'marie', 'martin', 'marie2@x.io'),
          contact(4, 'marie', 'martin'),
          contact(5, 'marie', 'martin', 'marie2@x.io'),
        ],
        [],
        { updateExisting: true },
      ),
    ).toEqual([
      { line: 2, action: 'create' },
      { line: 3, action: 'create' },
      { line: 4, action: 'update', sameAsLine: 2, warning: 'Same record as line 2: this row updates it' },
      { line: 5, action: 'update', sameAsLine: 3, warning: 'Same record as line 3: this row updates it' },
    ]);
    // Stored: one Marie Martin with marie1@, an older one without e-mail.
    const stored = [
      { id: 'bare', keys: ['name:marie\u0000martin'] },
      { id: 'm1', keys: ['name:marie\u0000martin'], identity: 'email:marie1@x.io' },
    ];
    expect(
      planImport(
        [
          contact(2, 'marie', 'martin', 'marie3@x.io'),
          contact(3, 'marie', 'martin', 'marie4@x.io'),
          contact(4, 'marie', 'martin', 'marie1@x.io'),
        ],
        stored,
        { updateExisting: true },
      ),
    ).toEqual([
      // marie3 joins the record without e-mail, which then is marie3's: marie4 joins neither.
      { line: 2, action: 'update', existingId: 'bare' },
      { line: 3, action: 'create' },
      { line: 4, action: 'update', existingId: 'm1' },
    ]);
  });

  it('a stored record keeps its e-mail against a later row reaching it through the file', () => {
    const stored = [{ id: 'm1', keys: ['name:marie\u0000martin'], identity: 'email:marie1@x.io' }];
    expect(
      planImport([contact(2, 'marie', 'martin'), contact(3, 'marie', 'martin', 'marie2@x.io')], stored, {
        updateExisting: true,
      }),
    ).toEqual([
      { line: 2, action: 'update', existingId: 'm1' },
      { line: 3, action: 'create' },
    ]);
  });

  it('batch by batch decides as whole, identities included', () => {
    const key = fc.constantFrom('email:a', 'email:b', 'email:c', 'name:x', 'name:y');
    const withIdentity = <T extends { keys: string[] }>(r: T): T & { identity?: string } => {
      const keys = [...new Set(r.keys)].sort();
      const identity = identityKey(keys);
      return identity ? { ...r, keys, identity } : { ...r, keys };
    };
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ line: fc.integer({ min: 2, max: 60 }), keys: fc.array(key, { maxLength: 2 }) }), {
          selector: (r) => r.line,
          maxLength: 25,
        }),
        fc.uniqueArray(fc.record({ id: fc.uuid(), keys: fc.array(key, { maxLength: 2 }) }), {
          selector: (r) => r.id,
          maxLength: 6,
        }),
        fc.boolean(),
        fc.integer({ min: 1, max: 7 }),
        (unordered, stored, updateExisting, size) => {
          const rows = [...unordered].sort((a, b) => a.line - b.line).map(withIdentity);
          const records = stored.map(withIdentity);
          const whole = planImport(rows, records, { updateExisting });
          const planner = createImportPlanner({ updateExisting });
          const batched = [];
          for (let i = 0; i < rows.length; i += size) {
            const batch = rows.slice(i, i + size);
            const keys = new Set(batch.flatMap((r) => r.keys));
            batched.push(
              ...planner.plan(
                batch,
                records.filter((r) => r.keys.some((k) => keys.has(k))),
              ),
            );
          }
          expect(batched).toEqual(whole);
          if (!updateExisting) expect(whole.every((d) => d.action === 'create')).toBe(true);
          // Replays the writes: a row never joins a record holding another e-mail at that point.
          const recordOfLine = new Map<number, string>();
          const emails = new Map<string, string | undefined>(records.map((r) => [r.id, r.identity]));
          for (const d of whole) {
            if (d.action === 'skip') continue;
            const row = rows.find((r) => r.line === d.line)!;
            const record =
              d.existingId ?? (d.sameAsLine === undefined ? `line:${d.line}` : recordOfLine.get(d.sameAsLine)!);
            recordOfLine.set(d.line, record);
            const email = emails.get(record);
            if (email !== undefined && row.identity !== undefined) expect(row.identity).toBe(email);
            emails.set(record, email ?? row.identity);
          }
        },
      ),
    );
  });
});
