import fc from 'fast-check';
import {
  type ContactPersonalFields,
  ERASED_CONTACT,
  ERASED_MARK,
  erasedContactColumns,
  erasedFieldNames,
  erasureNeedles,
  scrubberOf,
} from '../../../domain/contacts/erasure';

const contact = (fields: Partial<ContactPersonalFields> = {}): ContactPersonalFields => ({
  first_name: 'Élodie',
  last_name: 'Martin',
  email: 'elodie.martin@example.fr',
  phone_number: '+33 6 12 34 56 78',
  street: '27 quai Saint-Antoine',
  city: 'Lyon',
  zipcode: '69002',
  country: 'FR',
  notes: 'Prefers mornings',
  contact_type: 'PERSON',
  company_name: null,
  siren: null,
  vat_number: null,
  region: null,
  tax_exempt_reference: null,
  locale: 'fr-FR',
  time_zone: 'Europe/Paris',
  ...fields,
});

describe('the erased contact', () => {
  it('replaces every personal field: a first name "Erased" (the table wants a name), nothing else', () => {
    const columns = erasedContactColumns(new Date('2026-11-27T08:00:00Z'));
    expect(columns).toMatchObject({ first_name: 'Erased', last_name: null, email: null, phone_number: null });
    for (const [field, value] of Object.entries(ERASED_CONTACT))
      if (field !== 'first_name') expect([field, value]).toEqual([field, null]);
    expect(columns).toMatchObject({ reminders_paused: true, reverse_charge: false });
    expect(columns.erased_at.toISOString()).toBe('2026-11-27T08:00:00.000Z');
  });

  it('names the fields that held a value, never the values', () => {
    expect(erasedFieldNames(contact({ notes: '  ', company_name: 'Studio' }))).toEqual([
      'first_name',
      'last_name',
      'email',
      'phone_number',
      'street',
      'city',
      'zipcode',
      'country',
      'contact_type',
      'company_name',
      'locale',
      'time_zone',
    ]);
    expect(erasedFieldNames({ ...contact(), ...ERASED_CONTACT })).toEqual([]);
  });
});

describe('the needles of a contact', () => {
  it('strong: email, phone, full name both ways, street; weak: a name alone, the city, the postcode, the notes', () => {
    const needles = erasureNeedles(contact());
    expect(needles.strong).toEqual([
      'elodie.martin@example.fr',
      '+33 6 12 34 56 78',
      'Élodie Martin',
      'Martin Élodie',
      '27 quai Saint-Antoine',
    ]);
    expect(needles.weak).toEqual(['Élodie', 'Martin', 'Lyon', '69002', 'Prefers mornings', 'PERSON']);
  });

  it('a short value is only matched whole; an erased contact has no needle', () => {
    const needles = erasureNeedles(contact({ first_name: 'Jo', last_name: 'Y', email: null, phone_number: '12' }));
    expect(needles.strong).toEqual(['27 quai Saint-Antoine']);
    expect(needles.weak).toEqual(expect.arrayContaining(['Jo Y', 'Y Jo', '12', 'Jo', 'Y']));
    expect(erasureNeedles({ ...contact(), ...ERASED_CONTACT })).toEqual({ strong: [], weak: [] });
  });
});

describe('scrubbing a copy', () => {
  const scrub = scrubberOf(erasureNeedles(contact()));

  it('replaces whole values and strong values inside a text, ignoring case; leaves the rest', () => {
    expect(scrub.text('Martin')).toBe(ERASED_MARK);
    expect(scrub.text(' lyon ')).toBe(ERASED_MARK);
    expect(scrub.text('Saint-Martin')).toBe('Saint-Martin');
    expect(scrub.text('Portrait de ÉLODIE MARTIN à Lyon')).toBe(`Portrait de ${ERASED_MARK} à Lyon`);
    expect(scrub.text('to: Elodie.Martin@example.fr, paul@example.fr')).toBe(`to: ${ERASED_MARK}, paul@example.fr`);
    expect(scrub.text('Mariage')).toBe('Mariage');
  });

  it('scrubs every string of a JSON value, keeps its keys and other values, and keeps an untouched value as it is', () => {
    const payload = {
      first_name: 'Élodie',
      last_name: 'Martin',
      email: 'elodie.martin@example.fr',
      amount: 250,
      paid: false,
      buyer: { name: 'Élodie Martin', city: 'Lyon', lines: ['Séance', 'Tirage pour Élodie Martin'] },
      none: null,
    };
    expect(scrub.json(payload)).toEqual({
      first_name: ERASED_MARK,
      last_name: ERASED_MARK,
      email: ERASED_MARK,
      amount: 250,
      paid: false,
      buyer: { name: ERASED_MARK, city: ERASED_MARK, lines: ['Séance', `Tirage pour ${ERASED_MARK}`] },
      none: null,
    });
    const untouched = { title: 'Mariage', items: [{ description: 'Séance' }] };
    expect(scrub.json(untouched)).toBe(untouched);
  });

  // Needles from one alphabet, other text from another: the properties hold whatever the values.
  const needleChar = fc.constantFrom(...'abcdé@.+ 0123'.split(''));
  const needle = fc.string({ unit: needleChar, minLength: 1, maxLength: 12 }).filter((n) => n.trim() !== '');
  const needlesArb = fc.record({
    strong: fc.array(
      needle.filter((n) => n.trim().length >= 5),
      { maxLength: 4 },
    ),
    weak: fc.array(needle, { maxLength: 4 }),
  });
  const otherText = fc.string({ unit: fc.constantFrom(...'fghijklmnopqrstuvwxyz-_/'.split('')), maxLength: 8 });
  const mixedText = fc.array(fc.oneof(needle, otherText), { maxLength: 5 }).map((parts) => parts.join(''));
  const jsonOf = (text: fc.Arbitrary<string>) =>
    fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 5 }), tie('value'), { maxKeys: 4 }),
      ),
    })).value;
  const shape = (v: unknown): unknown =>
    typeof v === 'string'
      ? 'string'
      : Array.isArray(v)
        ? v.map(shape)
        : v !== null && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]))
          : v;
  const strings = (v: unknown): string[] =>
    typeof v === 'string'
      ? [v]
      : Array.isArray(v)
        ? v.flatMap(strings)
        : v !== null && typeof v === 'object'
          ? Object.values(v).flatMap(strings)
          : [];

  it('property: no strong value is left in any string, and no string is left equal to any value', () => {
    fc.assert(
      fc.property(needlesArb, jsonOf(mixedText), (needles, value) => {
        const scrubbed = scrubberOf(needles).json(value);
        for (const text of strings(scrubbed)) {
          for (const n of needles.strong) expect(text.toLowerCase()).not.toContain(n.toLowerCase());
          for (const n of [...needles.strong, ...needles.weak])
            expect(text.trim().toLowerCase()).not.toBe(n.replace(/\s+/g, ' ').trim().toLowerCase());
        }
      }),
    );
  });

  it('property: keys, numbers, booleans and nulls are kept; scrubbing twice changes nothing more', () => {
    fc.assert(
      fc.property(needlesArb, jsonOf(mixedText), (needles, value) => {
        const scrubber = scrubberOf(needles);
        const once = scrubber.json(value);
        expect(shape(once)).toEqual(shape(value));
        expect(scrubber.json(once)).toEqual(once);
      }),
    );
  });

  it('property: a value none of the needles appears in comes back as the same object', () => {
    fc.assert(
      fc.property(needlesArb, jsonOf(otherText), (needles, value) => {
        expect(scrubberOf(needles).json(value)).toBe(value);
      }),
    );
  });
});
