import fc from 'fast-check';
import { assignmentsFromCells } from '../../../domain/teams/assignment-cells';
import { checkAssignments } from '../../../domain/teams/assignments';

const MEMBERS = new Map([
  ['ines@studio.fr', 'u1'],
  ['hugo@studio.fr', 'u2'],
  ['lea@studio.fr', 'u3'],
]);
const address = fc.constantFrom('ines@studio.fr', 'HUGO@Studio.fr', ' lea@studio.fr ', 'nobody@else.fr');
const cell = fc
  .array(address, { maxLength: 3 })
  .chain((list) => fc.constantFrom(';', ',', '; ').map((sep) => list.join(sep)));

describe('a session’s members read from an import’s cells (issue 44 §2)', () => {
  it('answers a list the studio’s own rules accept, or the line’s problems, never both', () => {
    fc.assert(
      fc.property(cell, cell, cell, (lead, second_shooters, assistants) => {
        const read = assignmentsFromCells({ lead, second_shooters, assistants }, MEMBERS);
        if (read.assignments) {
          expect(read.problems).toEqual([]);
          expect(checkAssignments(read.assignments, new Set(MEMBERS.values()))).toEqual(read.assignments);
        } else if (`${lead}${second_shooters}${assistants}`.trim()) expect(read.problems.length).toBeGreaterThan(0);
      }),
    );
  });

  it('says nothing of the members when every cell is empty, so an update keeps them', () => {
    expect(assignmentsFromCells({ lead: '', second_shooters: ' ; ', assistants: undefined }, MEMBERS)).toEqual({
      problems: [],
    });
  });

  it('reads addresses in any case and names what is wrong', () => {
    expect(
      assignmentsFromCells({ lead: 'INES@studio.fr', second_shooters: 'hugo@studio.fr; lea@studio.fr' }, MEMBERS),
    ).toEqual({
      assignments: [
        { user_id: 'u1', role: 'lead' },
        { user_id: 'u2', role: 'second_shooter' },
        { user_id: 'u3', role: 'second_shooter' },
      ],
      problems: [],
    });
    expect(
      assignmentsFromCells({ lead: 'ines@studio.fr, hugo@studio.fr', assistants: 'ines@studio.fr; x@y.fr' }, MEMBERS)
        .problems,
    ).toEqual([
      'assistants "ines@studio.fr" is named twice',
      'assistants "x@y.fr" is not a member of the studio',
      'lead names one member',
    ]);
  });
});
