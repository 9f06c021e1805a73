import fc from 'fast-check';
import { sessionTypeDefaults } from '../../../domain/sessions/session-type-defaults';
import {
  findSessionTypeByName,
  indexSessionTypesByName,
  type NamedSessionType,
  normalizeSessionTypeName,
} from '../../../domain/sessions/session-type-names';

const STUDIO = 'a0000000-0000-4000-8000-000000000001';
const type = (
  id: string,
  name: string,
  owner_id: string | null,
  extra: Partial<NamedSessionType> = {},
): NamedSessionType => ({
  id,
  name,
  owner_id,
  default_workflow_id: null,
  default_session_info_template_id: null,
  ...extra,
});

describe('session type names', () => {
  it('fold idempotently, ignoring case, accents and surrounding or repeated spaces', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (name) => {
        const once = normalizeSessionTypeName(name);
        expect(normalizeSessionTypeName(once)).toBe(once);
        expect(normalizeSessionTypeName(`  ${name}\t `)).toBe(once);
      }),
    );
    // Case, over the letters studios write names in (full Unicode case mapping is not one to one:
    // the Greek "ᾳ" upper-cases to two letters).
    const letters = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzàâäçéèêëîïôöùûüÿñœæß- '.split(''));
    fc.assert(
      fc.property(fc.string({ unit: letters, maxLength: 40 }), (name) => {
        expect(normalizeSessionTypeName(name.toUpperCase())).toBe(normalizeSessionTypeName(name));
      }),
    );
    // Accents: a name and its accented spelling, whatever the case.
    const accents: [string, string][] = [
      ['é', 'e'],
      ['è', 'e'],
      ['ê', 'e'],
      ['à', 'a'],
      ['ç', 'c'],
      ['ï', 'i'],
      ['ô', 'o'],
      ['ù', 'u'],
    ];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...accents), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (letters, upper) => {
          const accented = letters.map(([a]) => a).join('');
          const plain = letters.map(([, p]) => p).join('');
          expect(normalizeSessionTypeName(upper ? accented.toUpperCase() : accented)).toBe(plain);
        },
      ),
    );
    expect(normalizeSessionTypeName('  Séance   NAISSANCE ')).toBe('seance naissance');
    // A decomposed é (e + U+0301) and a composed one fold alike.
    expect(normalizeSessionTypeName('Se\u0301ance')).toBe(normalizeSessionTypeName('Séance'));
  });

  it("find a type by name, the studio's own winning over a system type of the same name", () => {
    const index = indexSessionTypesByName([
      type('sys-wedding', 'Wedding', null),
      type('own-wedding', 'wedding', STUDIO),
      type('sys-portrait', 'Portrait', null),
      type('own-birth', 'Séance naissance', STUDIO),
    ]);
    const found = (name: string) => {
      const match = findSessionTypeByName(index, name);
      return match.kind === 'found' ? match.type.id : match.kind;
    };
    expect(found(' WEDDING ')).toBe('own-wedding');
    expect(found('portrait')).toBe('sys-portrait');
    expect(found('seance Naissance')).toBe('own-birth');
    expect(found('Baptême')).toBe('unknown');
  });

  it('say a name is ambiguous when two of the studio’s own types share it, whatever the order they come in', () => {
    const own = [type('own-1', 'Mariage', STUDIO), type('own-2', 'mariage ', STUDIO)];
    fc.assert(
      fc.property(
        fc.shuffledSubarray([...own, type('sys', 'MARIAGE', null), type('sys-b', 'Baptême', null)], {
          minLength: 4,
          maxLength: 4,
        }),
        (types) => {
          const index = indexSessionTypesByName(types);
          const match = findSessionTypeByName(index, 'MARIAGE');
          expect(match.kind).toBe('ambiguous');
          expect(match.kind === 'ambiguous' && match.types.map((t) => t.id).sort()).toEqual(['own-1', 'own-2']);
          expect(findSessionTypeByName(index, 'bapteme')).toMatchObject({ kind: 'found', type: { id: 'sys-b' } });
        },
      ),
    );
    // One studio type of a name is found even when the system has the same name.
    fc.assert(
      fc.property(
        fc.shuffledSubarray([own[0] as NamedSessionType, type('sys', 'MARIAGE', null)], { minLength: 2, maxLength: 2 }),
        (types) => {
          expect(findSessionTypeByName(indexSessionTypesByName(types), 'mariage')).toMatchObject({
            kind: 'found',
            type: { id: 'own-1' },
          });
        },
      ),
    );
  });

  it('give a session the workflow of any type, and the questionnaire of the studio’s own types only', () => {
    const defaults = { default_workflow_id: 'wf', default_session_info_template_id: 'tpl' };
    expect(sessionTypeDefaults(type('a', 'A', STUDIO, defaults))).toEqual({
      workflow_id: 'wf',
      session_info_template_id: 'tpl',
    });
    expect(sessionTypeDefaults(type('b', 'B', null, defaults))).toEqual({ workflow_id: 'wf' });
    expect(sessionTypeDefaults(type('c', 'C', STUDIO))).toEqual({});
  });
});
