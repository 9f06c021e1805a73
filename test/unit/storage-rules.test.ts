import { PermanentObjectError, InvalidObjectKeyError } from '../../domain/storage/errors';
import { detectImageType } from '../../domain/storage/image-types';
import { linkExpiration } from '../../domain/storage/link-expiration';
import { keyNamesUser, validateObjectKey } from '../../domain/storage/object-keys';
import { assertCleanupMayDelete, isTemporaryKey, partitionDeletable, PERMANENT_PREFIXES } from '../../domain/storage/prefixes';

const userId = '5b0c3f0e-8a55-4c1b-9a0e-3f0d2f3b7c11';

describe('object keys a client sends', () => {
  it.each([
    ['../etc/passwd', /\.\./],
    ['exports/../avatars/x.png', /\.\./],
    ['/exports/a.csv', /start with \//],
    ['exports\\a.csv', /backslashes/],
    ['exports/a\u0000.csv', /control/],
    ['exports/a\n.csv', /control/],
    ['exports//a.csv', /empty segments/],
    ['exports/', /folder/],
    ['', /empty/],
    [`exports/${'é'.repeat(600)}`, /1024 bytes/],
  ])('refuses %j', (key, reason) => {
    expect(() => validateObjectKey(key)).toThrow(InvalidObjectKeyError);
    expect(() => validateObjectKey(key)).toThrow(reason);
  });

  it('accepts plain nested keys, accents included', () => {
    expect(validateObjectKey(`exports/${userId}/contacts-été.csv`)).toBe(`exports/${userId}/contacts-été.csv`);
  });

  it('grants the key-pattern rule only to a whole path segment', () => {
    expect(keyNamesUser(`exports/${userId}/a.csv`, userId)).toBe(true);
    expect(keyNamesUser(`pdfs/ai-reports/${userId}/r.pdf`, userId)).toBe(true);
    expect(keyNamesUser(`exports/${userId}-copy/a.csv`, userId)).toBe(false);
    expect(keyNamesUser(`exports/x${userId}/a.csv`, userId)).toBe(false);
    expect(keyNamesUser('exports/a.csv', '')).toBe(false);
  });
});

describe('link expiration', () => {
  it('defaults to 15 minutes and caps at one hour', () => {
    expect(linkExpiration(undefined, false)).toBe(900);
    expect(linkExpiration(120, false)).toBe(120);
    expect(linkExpiration(86_400, false)).toBe(3600);
  });
  it('allows up to one week for the week-long cases (the current avatar and logo)', () => {
    expect(linkExpiration(86_400, true)).toBe(86_400);
    expect(linkExpiration(30 * 86_400, true)).toBe(7 * 86_400);
  });
});

describe('the permanent-prefix guard', () => {
  it.each(PERMANENT_PREFIXES.map((p) => [`${p}x/y.pdf`]))('never lets a cleanup delete %s', (key) => {
    expect(() => assertCleanupMayDelete(key)).toThrow(PermanentObjectError);
  });
  it('lets temporary and orphan-scan keys through', () => {
    for (const key of ['exports/u/a.csv', 'temp/a', 'pdfs/ai-reports/u/r.pdf', 'session-files/s/a.jpg', 'contact-files/c/a.pdf']) {
      expect(assertCleanupMayDelete(key)).toBe(key);
    }
  });
  it('sorts a mixed list, keeping every permanent key', () => {
    expect(partitionDeletable(['exports/a', 'avatars/u/a.png', 'pdfs/invoices/i.pdf', 'temp/b'])).toEqual({
      deletable: ['exports/a', 'temp/b'],
      permanent: ['avatars/u/a.png', 'pdfs/invoices/i.pdf'],
    });
  });
  it('knows pdfs/ai-reports/ is temporary but pdfs/invoices/ is not', () => {
    expect(isTemporaryKey('pdfs/ai-reports/u/r.pdf')).toBe(true);
    expect(isTemporaryKey('pdfs/invoices/i.pdf')).toBe(false);
    expect(isTemporaryKey('documents/d.pdf')).toBe(false);
  });
});

describe('image type from the bytes', () => {
  it('recognises png, jpeg and webp by their magic numbers', () => {
    expect(detectImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(detectImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(detectImageType(Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1'))).toBe('webp');
  });
  it('refuses anything else, whatever it claims to be', () => {
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVE', 'latin1'))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});
