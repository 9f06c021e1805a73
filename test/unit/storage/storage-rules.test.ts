import { PermanentObjectError, InvalidObjectKeyError } from '../../../domain/storage/errors';
import { studioHeadHtml } from '../../../domain/accounts/studio-head';
import { detectImageType, imageDataUri, imageDimensions, isImageDataUri } from '../../../domain/storage/image-types';
import { linkExpiration } from '../../../domain/storage/link-expiration';
import { keyNamesUser, validateObjectKey } from '../../../domain/storage/object-keys';
import {
  assertCleanupMayDelete,
  isPermanentKey,
  isTemporaryKey,
  partitionDeletable,
  PERMANENT_PREFIXES,
} from '../../../domain/storage/prefixes';

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
    for (const key of [
      'exports/u/a.csv',
      'temp/a',
      'pdfs/ai-reports/u/r.pdf',
      'session-files/s/a.jpg',
      'contact-files/c/a.pdf',
    ]) {
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
  it('keeps credit note pdfs for good (issue 20 §4)', () => {
    expect(isPermanentKey('pdfs/credit-notes/u/c/avoir-AV-2026-00001-0123456789abcdef.pdf')).toBe(true);
    expect(() => assertCleanupMayDelete('pdfs/credit-notes/u/c.pdf')).toThrow();
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

describe('the studio logo in html and docx', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  // SOI, an APP0 segment, then a baseline frame header (SOF0) of 640×480.
  const JPEG = Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x4a, 0x46, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 0x01,
    0x22, 0x00,
  ]);

  it('reads the size of a png and a jpeg, and nothing of anything else', () => {
    expect(imageDimensions(PNG)).toEqual({ width: 1, height: 1 });
    expect(imageDimensions(JPEG)).toEqual({ width: 640, height: 480 });
    expect(imageDimensions(Buffer.from('not an image'))).toBeNull();
    expect(imageDimensions(JPEG.subarray(0, 12))).toBeNull();
  });

  it('inlines only accepted images, and only such a data URI becomes an image source', () => {
    const uri = imageDataUri(PNG)!;
    expect(uri).toMatch(/^data:image\/png;base64,/);
    expect(isImageDataUri(uri)).toBe(true);
    expect(imageDataUri(Buffer.from('<svg onload="x()">'))).toBeNull();
    for (const bad of [
      'javascript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:image/png;base64,AAA" onerror="x()',
      'https://evil.example/logo.png',
    ])
      expect(isImageDataUri(bad)).toBe(false);
  });

  it('heads with the escaped name, and the logo only when it is a safe data URI', () => {
    const uri = imageDataUri(PNG)!;
    expect(studioHeadHtml({ studioName: 'Atelier <b>&</b> "Fils"', logoDataUri: null })).toBe(
      '<div class="studio"><strong class="studio-name">Atelier &lt;b&gt;&amp;&lt;/b&gt; &quot;Fils&quot;</strong></div>',
    );
    expect(studioHeadHtml({ studioName: 'A', logoDataUri: uri })).toContain(
      `<img class="studio-logo" src="${uri}" alt="A"`,
    );
    expect(studioHeadHtml({ studioName: 'A', logoDataUri: 'javascript:alert(1)' })).not.toContain('<img');
  });
});
