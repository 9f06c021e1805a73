import fc from 'fast-check';
import { freeName, MAX_TEMPLATE_NAME } from '../../../domain/session-info/template-names';

describe('freeName', () => {
  it('keeps a free name, then numbers the copies from 2', () => {
    expect(freeName('Mariage', new Set())).toBe('Mariage');
    expect(freeName('Mariage', new Set(['Mariage']))).toBe('Mariage (2)');
    expect(freeName('Mariage', new Set(['Mariage', 'Mariage (2)']))).toBe('Mariage (3)');
    expect(freeName('Mariage', new Set(['Mariage', 'Mariage (3)']))).toBe('Mariage (2)');
  });

  it('always answers a name no one has, that fits the column', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 300 }),
        fc.array(fc.string({ maxLength: 300 }), { maxLength: 20 }),
        fc.nat({ max: 12 }),
        (name, others, copies) => {
          const taken = new Set([name, ...others]);
          for (let i = 0; i < copies; i++) taken.add(freeName(name, taken));
          const next = freeName(name, taken);
          expect(taken.has(next)).toBe(false);
          expect(next.length).toBeLessThanOrEqual(MAX_TEMPLATE_NAME);
        },
      ),
    );
  });
});
