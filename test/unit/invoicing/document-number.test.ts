import { documentNumber } from '../../../domain/invoicing/document-number';

describe('documentNumber', () => {
  it("is the creation year in the studio's zone, a hyphen and the id's first 8 characters", () => {
    const id = '3f2a9c1e-7b4d-4e0a-9a51-1c2d3e4f5a6b';
    expect(documentNumber(id, new Date('2026-11-22T10:00:00Z'), 'Europe/Paris')).toBe('2026-3f2a9c1e');
    // 23:30 UTC on 31 December is already 2027 in Paris, still 2026 in New York.
    expect(documentNumber(id, new Date('2026-12-31T23:30:00Z'), 'Europe/Paris')).toBe('2027-3f2a9c1e');
    expect(documentNumber(id, new Date('2026-12-31T23:30:00Z'), 'America/New_York')).toBe('2026-3f2a9c1e');
  });
});
