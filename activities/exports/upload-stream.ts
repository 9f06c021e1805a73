import { type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { type Readable, Transform, type TransformCallback } from 'node:stream';

/**
 * S3's smallest part, two in flight: the upload holds about 15 MiB (the part being filled and two
 * being sent). Larger parts bought no speed against a local S3 and cost the worker's memory.
 */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

export interface ObjectTarget {
  bucket: string;
  key: string;
  contentType: string;
}

/**
 * Streams `body` into one object with a multipart upload, as it is produced: the file is never
 * whole in memory. `producing` is the work that feeds `body` (a COPY, a workbook). Whichever of
 * the two fails first wins: the body is destroyed (so the producer stops instead of waiting for
 * a reader that is gone), the upload aborted (no parts left behind), and that error thrown.
 */
export async function uploadStream(
  s3: S3Client,
  target: ObjectTarget,
  body: Readable,
  producing: Promise<unknown>,
): Promise<void> {
  const upload = new Upload({
    client: s3,
    params: { Bucket: target.bucket, Key: target.key, Body: body, ContentType: target.contentType },
    partSize: PART_SIZE,
    queueSize: PARTS_IN_FLIGHT,
    leavePartsOnError: false,
  });
  const done = upload.done();
  // The loser's rejection is expected once the winner has failed; it is not news.
  done.catch(() => undefined);
  producing.catch(() => undefined);
  try {
    await Promise.all([producing, done]);
  } catch (err) {
    body.destroy();
    await upload.abort().catch(() => undefined);
    throw err;
  }
}

/** A pass-through that counts the bytes going to the upload (the object's size, without asking S3). */
export class ByteCount extends Transform {
  bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}
