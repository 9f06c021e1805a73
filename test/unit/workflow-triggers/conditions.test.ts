import fc from 'fast-check';
import { ValidationError } from '../../../domain/errors';
import {
  type Condition,
  evaluate,
  fieldValue,
  holds,
  validateConditions,
} from '../../../domain/workflow-triggers/conditions';

const session = {
  id: 's-1',
  title: 'Mariage Dupont',
  status: 'VALIDATED',
  location: null,
  notes: undefined,
  contact: { email: 'claire@example.fr', phone_number: '+33612345678' },
  user_session_type: { name: 'Wedding', price: '1500.00' },
  tags: ['outdoor', 'summer'],
  amount: '1234.50',
  count: 3,
};
const is = (operator: Condition['operator'], field: string, value?: unknown) =>
  holds({ field, operator, value }, session);

describe('condition operators', () => {
  it('equals is strict: no coercion between numbers and strings', () => {
    expect(is('equals', 'status', 'VALIDATED')).toBe(true);
    expect(is('equals', 'status', 'validated')).toBe(false);
    expect(is('equals', 'count', 3)).toBe(true);
    expect(is('equals', 'count', '3')).toBe(false);
    expect(is('equals', 'location', null)).toBe(true);
    expect(is('equals', 'notes', null)).toBe(false); // undefined is not null for equals
  });

  it('contains reads strings and arrays, and nothing else', () => {
    expect(is('contains', 'title', 'Dupont')).toBe(true);
    expect(is('contains', 'title', 'dupont')).toBe(false);
    expect(is('contains', 'tags', 'summer')).toBe(true);
    expect(is('contains', 'tags', 'winter')).toBe(false);
    expect(is('contains', 'count', 3)).toBe(false);
    expect(is('contains', 'location', 'Paris')).toBe(false);
  });

  it('greater_than and less_than compare numbers, numeric strings included (decimal columns)', () => {
    expect(is('greater_than', 'amount', 1000)).toBe(true);
    expect(is('less_than', 'amount', '1234.5')).toBe(false);
    expect(is('greater_than', 'user_session_type.price', 1499.99)).toBe(true);
    expect(is('greater_than', 'count', 2)).toBe(true);
    expect(is('greater_than', 'title', 2)).toBe(false);
    expect(is('less_than', 'location', 5)).toBe(false);
    expect(is('greater_than', 'count', 'abc')).toBe(false);
  });

  it('in and not_in test membership strictly', () => {
    expect(is('in', 'status', ['PENDING', 'VALIDATED'])).toBe(true);
    expect(is('not_in', 'status', ['PENDING', 'VALIDATED'])).toBe(false);
    expect(is('in', 'count', ['3'])).toBe(false);
    expect(is('not_in', 'missing', ['x'])).toBe(true);
  });

  it('a country compares by its ISO code: a trigger saved with "France" matches a contact stored as FR; a legacy text as it is', () => {
    const contact = (country: string | null) => ({ contact: { country } });
    expect(holds({ field: 'contact.country', operator: 'equals', value: 'France' }, contact('FR'))).toBe(true);
    expect(holds({ field: 'country', operator: 'equals', value: 'Royaume-Uni' }, { country: 'GB' })).toBe(true);
    expect(holds({ field: 'contact.country', operator: 'in', value: ['Belgique', 'uk'] }, contact('GB'))).toBe(true);
    expect(holds({ field: 'contact.country', operator: 'not_in', value: ['France'] }, contact('FR'))).toBe(false);
    expect(holds({ field: 'contact.country', operator: 'equals', value: 'France' }, contact('BE'))).toBe(false);
    expect(holds({ field: 'contact.country', operator: 'equals', value: 'Narnia' }, contact('Narnia'))).toBe(true);
    expect(holds({ field: 'contact.country', operator: 'equals', value: 'France' }, contact(null))).toBe(false);
    // Other fields stay strict.
    expect(holds({ field: 'contact.city', operator: 'equals', value: 'France' }, { contact: { city: 'FR' } })).toBe(
      false,
    );
  });

  it('is_null holds for null and undefined alike; is_not_null for anything else', () => {
    expect(is('is_null', 'location')).toBe(true);
    expect(is('is_null', 'notes')).toBe(true);
    expect(is('is_null', 'contact.missing')).toBe(true);
    expect(is('is_not_null', 'contact.email')).toBe(true);
    expect(is('is_not_null', 'count')).toBe(true);
    expect(is('is_null', 'title')).toBe(false);
  });

  it('reads relations in dot notation, and stops at a missing step', () => {
    expect(fieldValue(session, 'contact.email')).toBe('claire@example.fr');
    expect(fieldValue(session, 'user_session_type.name')).toBe('Wedding');
    expect(fieldValue(session, 'location.city')).toBeUndefined();
    expect(fieldValue(null, 'a.b')).toBeUndefined();
  });

  it('groups: AND needs every condition, OR one; an empty group always fires', () => {
    const yes = { field: 'status', operator: 'equals' as const, value: 'VALIDATED' };
    const no = { field: 'status', operator: 'equals' as const, value: 'CANCELLED' };
    expect(evaluate({ operator: 'AND', conditions: [yes, no] }, session)).toBe(false);
    expect(evaluate({ operator: 'OR', conditions: [yes, no] }, session)).toBe(true);
    expect(evaluate({ operator: 'AND', conditions: [] }, session)).toBe(true);
    expect(evaluate({ operator: 'OR', conditions: [] }, session)).toBe(true);
    expect(evaluate(null, session)).toBe(true);
  });
});

const scalar = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const entity = fc.dictionary(
  fc.constantFrom('a', 'b', 'c'),
  fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.dictionary(fc.constantFrom('x', 'y'), scalar)),
);
const field = fc.constantFrom('a', 'b', 'c', 'a.x', 'b.y', 'missing', 'c.x.z');
const negations = [
  ['in', 'not_in'],
  ['is_null', 'is_not_null'],
] as const;

describe('condition properties', () => {
  it('the OR of a condition and its negation always holds; their AND never does', () => {
    fc.assert(
      fc.property(
        entity,
        field,
        fc.constantFrom(...negations),
        fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.constant(null)), {
          minLength: 1,
          maxLength: 4,
        }),
        (e, f, [op, neg], values) => {
          const c: Condition = { field: f, operator: op, value: values };
          const n: Condition = { field: f, operator: neg, value: values };
          expect(evaluate({ operator: 'OR', conditions: [c, n] }, e)).toBe(true);
          expect(evaluate({ operator: 'AND', conditions: [c, n] }, e)).toBe(false);
        },
      ),
    );
  });

  it('evaluation never throws for a known operator, whatever the entity and the value', () => {
    fc.assert(
      fc.property(
        entity,
        field,
        fc.constantFrom(
          'equals',
          'contains',
          'greater_than',
          'less_than',
          'in',
          'not_in',
          'is_null',
          'is_not_null',
        ) as fc.Arbitrary<Condition['operator']>,
        fc.oneof(scalar, fc.array(scalar)),
        (e, f, op, v) => {
          expect(typeof holds({ field: f, operator: op, value: v }, e)).toBe('boolean');
        },
      ),
    );
  });

  it('validation never throws anything but a ValidationError, whatever the body', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        try {
          validateConditions(raw, 'SESSION_CREATED');
        } catch (err) {
          expect(err).toBeInstanceOf(ValidationError);
        }
      }),
    );
  });
});

describe('validateConditions', () => {
  const fails = (raw: unknown, message: RegExp) =>
    expect(() => validateConditions(raw, 'SESSION_STATUS_CHANGED')).toThrow(message);

  it("accepts a flat group on fields of the event's entity", () => {
    expect(
      validateConditions(
        {
          operator: 'OR',
          conditions: [
            { field: 'contact.email', operator: 'contains', value: '@example.fr' },
            { field: 'status', operator: 'in', value: ['VALIDATED'] },
          ],
        },
        'SESSION_STATUS_CHANGED',
      ),
    ).toEqual({
      operator: 'OR',
      conditions: [
        { field: 'contact.email', operator: 'contains', value: '@example.fr' },
        { field: 'status', operator: 'in', value: ['VALIDATED'] },
      ],
    });
    expect(validateConditions(undefined, 'SESSION_CREATED')).toEqual({ operator: 'AND', conditions: [] });
  });

  it('refuses nested groups, unknown operators and fields, and values that do not fit', () => {
    fails(
      { operator: 'AND', conditions: [{ operator: 'OR', conditions: [] }] },
      /nested condition groups are not supported/,
    );
    fails({ operator: 'XOR', conditions: [] }, /must be AND or OR/);
    fails(
      { conditions: [{ field: 'status', operator: 'matches', value: 'x' }] },
      /"matches" is not one of equals, contains/,
    );
    fails(
      { conditions: [{ field: 'invoice.amount', operator: 'equals', value: 1 }] },
      /"invoice\.amount" is not a field of sessions; valid fields: id, title/,
    );
    fails(
      { conditions: [{ field: 'status', operator: 'greater_than', value: 'high' }] },
      /must be a number for greater_than/,
    );
    fails({ conditions: [{ field: 'status', operator: 'in', value: 'VALIDATED' }] }, /must be a list/);
    fails({ conditions: [{ field: 'status', operator: 'equals', value: { a: 1 } }] }, /must be a plain value/);
    fails({ conditions: [{ field: 'status', operator: 'equals' }] }, /value is required/);
  });

  it('checks fields against the entity of the event: contacts, quotes, invoices', () => {
    expect(() =>
      validateConditions({ conditions: [{ field: 'city', operator: 'equals', value: 'Lyon' }] }, 'CONTACT_CREATED'),
    ).not.toThrow();
    expect(() =>
      validateConditions({ conditions: [{ field: 'paid_at', operator: 'is_not_null' }] }, 'PAYMENT_RECEIVED'),
    ).not.toThrow();
    expect(() =>
      validateConditions({ conditions: [{ field: 'paid_at', operator: 'is_not_null' }] }, 'QUOTE_STATUS_CHANGED'),
    ).toThrow(/not a field of quotes/);
  });
});
