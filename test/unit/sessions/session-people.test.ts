import fc from 'fast-check';
import { firstNamesOf, sessionContactsFacts, type SessionPerson } from '../../../domain/sessions/session-people';

const person = (
  first_name: string | null,
  last_name: string | null = null,
  role: string | null = null,
  email: string | null = null,
): SessionPerson => ({ first_name, last_name, role, email });

describe('session people', () => {
  it('greets one, two or more people by first name, a nameless one left out', () => {
    expect(firstNamesOf([])).toBe('');
    expect(firstNamesOf([person('Élodie', 'Martin')])).toBe('Élodie');
    expect(firstNamesOf([person('Élodie'), person(' Thomas ')])).toBe('Élodie & Thomas');
    expect(firstNamesOf([person('Anne'), person(null, 'Girard'), person(null), person('Léa')])).toBe(
      'Anne, Girard & Léa',
    );
  });

  it('every named person appears once, in order, with at most one "&"', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.stringMatching(/^[A-Za-zÀ-ÿ]{1,8}$/), { nil: null }), { maxLength: 6 }),
        (names) => {
          const text = firstNamesOf(names.map((n) => person(n)));
          const named = names.filter((n): n is string => n !== null);
          expect(text.split(/, | & /).filter(Boolean)).toEqual(named);
          expect((text.match(/ & /g) ?? []).length).toBe(named.length > 1 ? 1 : 0);
        },
      ),
    );
  });

  it('describes the attached contacts for trigger conditions', () => {
    expect(sessionContactsFacts([])).toEqual({ count: 0, roles: '', names: '', emails: '' });
    expect(
      sessionContactsFacts([person('Thomas', 'Girard', 'groom', 't@example.fr'), person('Anne', null, null, null)]),
    ).toEqual({ count: 2, roles: 'groom', names: 'Thomas Girard, Anne', emails: 't@example.fr' });
  });
});
