import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { loadConfig } from '../../../lib/config';
import { createPublicS3Client } from '../../../lib/s3';
import { REQUIRED_ENV } from '../../fixtures/required-env';

const env = REQUIRED_ENV;

async function signedGet(extra: Record<string, string>): Promise<URL> {
  const s3 = createPublicS3Client(loadConfig({ ...env, ...extra }));
  return new URL(
    await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'studio', Key: 'exports/contacts.csv' }), { expiresIn: 300 }),
  );
}

describe('signed links', () => {
  it('carry the S3_PUBLIC_ENDPOINT host, not the internal one', async () => {
    const url = await signedGet({ S3_PUBLIC_ENDPOINT: 'https://files.example.com' });
    expect(url.origin).toBe('https://files.example.com');
    expect(url.pathname).toBe('/studio/exports/contacts.csv');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
  });

  it('carry the S3_ENDPOINT host when S3_PUBLIC_ENDPOINT is unset or empty', async () => {
    expect((await signedGet({})).origin).toBe('http://s3:7070');
    expect((await signedGet({ S3_PUBLIC_ENDPOINT: '' })).origin).toBe('http://s3:7070');
  });

  it('signs uploads for the public host too', async () => {
    const s3 = createPublicS3Client(loadConfig({ ...env, S3_PUBLIC_ENDPOINT: 'http://localhost:7070' }));
    const url = new URL(
      await getSignedUrl(s3, new PutObjectCommand({ Bucket: 'studio', Key: 'uploads/a.jpg' }), { expiresIn: 60 }),
    );
    expect(url.host).toBe('localhost:7070');
  });

  it('refuses an S3_PUBLIC_ENDPOINT that is not a URL', () => {
    expect(() => loadConfig({ ...env, S3_PUBLIC_ENDPOINT: 'files.example.com' })).toThrow(
      /S3_PUBLIC_ENDPOINT is invalid/,
    );
  });
});
