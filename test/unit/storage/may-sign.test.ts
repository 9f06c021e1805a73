import fc from 'fast-check';
import { type FileAccessRules, maySignLink } from '../../../domain/storage/may-sign';

const rules = fc.record<FileAccessRules>({
  fileObjectInOrg: fc.boolean(),
  sessionFileOwned: fc.boolean(),
  contactFileOwned: fc.boolean(),
  documentUploaded: fc.boolean(),
  currentUserImage: fc.boolean(),
});
const person = 'a1b2c3d4-0000-4000-8000-000000000001';
const studio = 'a1b2c3d4-0000-4000-8000-000000000002';
const keys = fc.constantFrom(`exports/${studio}/contacts.csv`, `exports/${person}/mine.csv`, 'pdfs/invoices/x.pdf');

describe('maySignLink', () => {
  it('gives a member bound to their sessions a subset of what the studio’s other members get, never the studio’s own keys', () => {
    fc.assert(
      fc.property(keys, rules, (key, r) => {
        const bound = maySignLink(key, { id: person, orgId: studio, memberId: person }, r);
        const whole = maySignLink(key, { id: person, orgId: studio, memberId: null }, r);
        if (bound) expect(whole).toBe(true);
        // By the studio's key or file objects alone, a bound member gets nothing.
        const studioOnly = {
          ...r,
          sessionFileOwned: false,
          contactFileOwned: false,
          documentUploaded: false,
          currentUserImage: false,
        };
        if (!key.includes(person))
          expect(maySignLink(key, { id: person, orgId: studio, memberId: person }, studioOnly)).toBe(false);
      }),
    );
  });

  it('gives the studio’s key to a member who reaches the whole studio, and a session’s file to the member on it', () => {
    const none: FileAccessRules = {
      fileObjectInOrg: false,
      sessionFileOwned: false,
      contactFileOwned: false,
      documentUploaded: false,
      currentUserImage: false,
    };
    expect(maySignLink(`exports/${studio}/c.csv`, { id: person, orgId: studio, memberId: null }, none)).toBe(true);
    expect(maySignLink(`exports/${studio}/c.csv`, { id: person, orgId: studio, memberId: person }, none)).toBe(false);
    expect(
      maySignLink(
        'session-files/s/p.jpg',
        { id: person, orgId: studio, memberId: person },
        { ...none, sessionFileOwned: true },
      ),
    ).toBe(true);
  });
});
