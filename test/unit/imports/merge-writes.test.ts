import { mergeWrites } from '../../../db/commands/write-import-batch';

describe('one write per record in a batch', () => {
  it('merges the rows of one record in file order, an empty cell keeping the value before it', () => {
    expect(
      mergeWrites([
        { line: 2, action: 'create', id: 'r1', values: { first_name: 'Max', city: 'Lille', email: 'max@example.fr' } },
        { line: 3, action: 'update', id: 'x9', values: { city: 'Lyon' } },
        { line: 4, action: 'update', id: 'r1', values: { city: 'Arras', email: undefined } },
        { line: 5, action: 'update', id: 'x9', values: { city: 'Caen', notes: 'VIP' } },
      ]),
    ).toEqual([
      { id: 'r1', action: 'create', first_name: 'Max', city: 'Arras', email: 'max@example.fr' },
      { id: 'x9', action: 'update', city: 'Caen', notes: 'VIP' },
    ]);
  });
});
