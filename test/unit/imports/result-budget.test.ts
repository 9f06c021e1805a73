import fc from 'fast-check';
import { withinBudget } from '../../../domain/imports/result-budget';

describe('withinBudget', () => {
  it('keeps items in order up to the count, then up to the size', () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ line: i + 2, text: 'x'.repeat(20) }));
    expect(withinBudget(items, { maxItems: 3, maxChars: 10_000 })).toEqual({
      kept: items.slice(0, 3),
      truncated: true,
    });
    const size = JSON.stringify(items[0]).length + 1;
    expect(withinBudget(items, { maxItems: 100, maxChars: size * 4 })).toEqual({
      kept: items.slice(0, 4),
      truncated: true,
    });
    expect(withinBudget(items, { maxItems: 100, maxChars: 1_000_000 })).toEqual({ kept: items, truncated: false });
    // One item larger than the whole budget is still shown: the answer never lists nothing at all.
    expect(
      withinBudget([{ text: 'y'.repeat(500) }, { text: 'z' }], { maxItems: 100, maxChars: 100 }).kept,
    ).toHaveLength(1);
  });

  it('never exceeds the budget past its first item, and keeps a prefix', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 200 })),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 5_000 }),
        (items, maxItems, maxChars) => {
          const { kept, truncated } = withinBudget(items, { maxItems, maxChars });
          expect(kept).toEqual(items.slice(0, kept.length));
          expect(truncated).toBe(kept.length < items.length);
          expect(kept.length).toBeLessThanOrEqual(maxItems);
          if (kept.length > 1)
            expect(kept.reduce((n, s) => n + JSON.stringify(s).length + 1, 0)).toBeLessThanOrEqual(maxChars);
        },
      ),
    );
  });
});
