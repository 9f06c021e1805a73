import fs from 'node:fs';
import path from 'node:path';
import { HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { testStackDir } from '../setup/paths';

/** Puts a small object with `body` under `key`. */
export async function putObject(s3: S3Client, bucket: string, key: string, body: string | Buffer = `content of ${key}`, contentType = 'application/octet-stream'): Promise<void> {
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
}

/** True while the object exists (HeadObject answers), false once it is gone. */
export async function objectExists(s3: S3Client, bucket: string, key: string): Promise<boolean> {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch (err) {
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw err;
  }
}

/**
 * Makes an object look `ageSeconds` old to ListObjectsV2. Versity Gateway's posix backend
 * reports the file's mtime as LastModified (checked: HeadObject and ListObjectsV2 both follow a
 * touch), so the test stack's file under `.data/test-stack/s3/<bucket>/<key>` is backdated.
 */
export function backdateObject(bucket: string, key: string, ageSeconds: number): void {
  const file = path.join(testStackDir, 's3', bucket, ...key.split('/'));
  const when = new Date(Date.now() - ageSeconds * 1000);
  fs.utimesSync(file, when, when);
}
