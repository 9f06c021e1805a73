import fs from 'node:fs';
import path from 'node:path';
import {
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { testStackDir } from '../setup/paths';

/** Puts a small object with `body` under `key`. */
export async function putObject(
  s3: S3Client,
  bucket: string,
  key: string,
  body: string | Buffer = `content of ${key}`,
  contentType = 'application/octet-stream',
): Promise<void> {
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
 * touch), so the test stack's file under `.data/test-stacks/<jest pid>/s3/<bucket>/<key>` is backdated.
 */
export function backdateObject(bucket: string, key: string, ageSeconds: number): void {
  const file = path.join(testStackDir, 's3', bucket, ...key.split('/'));
  const when = new Date(Date.now() - ageSeconds * 1000);
  fs.utimesSync(file, when, when);
}

/** Starts a multipart upload under `key` with one part and never completes it: what a killed worker leaves. */
export async function startAbandonedUpload(s3: S3Client, bucket: string, key: string): Promise<string> {
  const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
  await s3.send(
    new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: 1, Body: Buffer.alloc(1024, 1) }),
  );
  return UploadId!;
}

/**
 * Makes a multipart upload look started `ageSeconds` ago: Versity Gateway's posix backend reports
 * the mtime of the upload's folder (`.sgwtmp/multipart/<key hash>/<upload id>`) as Initiated.
 */
export function backdateUpload(bucket: string, uploadId: string, ageSeconds: number): void {
  const root = path.join(testStackDir, 's3', bucket, '.sgwtmp', 'multipart');
  const folder = fs
    .readdirSync(root)
    .map((hash) => path.join(root, hash, uploadId))
    .find((candidate) => fs.existsSync(candidate));
  if (!folder) throw new Error(`no folder for multipart upload ${uploadId}`);
  const when = new Date(Date.now() - ageSeconds * 1000);
  fs.utimesSync(folder, when, when);
}

/** The ids of the multipart uploads in progress under `prefix`. */
export async function uploadsInProgress(s3: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const res = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix }));
  return (res.Uploads ?? []).map((u) => u.UploadId!);
}
