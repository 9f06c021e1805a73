import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  type CompletedPart,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Writable } from 'node:stream';

/** S3's smallest part: larger parts bought no speed against a local S3 and cost the worker's memory. */
export const PART_SIZE = 5 * 1024 * 1024;

export interface ObjectTarget {
  bucket: string;
  key: string;
  contentType: string;
}

/**
 * Writes what it is given into one S3 object, as it comes: a multipart upload of 5 MiB parts, or
 * one PutObject when the whole is smaller than a part. Two part buffers, allocated once and
 * reused: one is sent while the other fills, so the producer keeps going during a part's upload
 * and the writer holds 10 MiB whatever the file's size. A part's bytes are copied once, into
 * its buffer; none is allocated per part nor joined (the SDK's lib-storage joined each part from
 * the chunks and kept up to three alive: docs/performance.md, "Exports").
 */
export class MultipartWriter extends Writable {
  private readonly buffers: Buffer[] = [];
  private filling = 0;
  private filled = 0;
  private sending: Promise<void> = Promise.resolve();
  private uploadId: string | undefined;
  private readonly parts: CompletedPart[] = [];
  private completed = false;

  /**
   * `copied`, when given, is called with each chunk written once its bytes are all in a part
   * buffer: the writer never reads it again, so its producer may fill it anew.
   */
  constructor(
    private readonly s3: S3Client,
    private readonly target: ObjectTarget,
    private readonly copied?: (chunk: Buffer) => void,
  ) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.take(chunk).then(() => {
      this.copied?.(chunk);
      callback();
    }, callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.finish().then(() => callback(), callback);
  }

  /** Ends a multipart upload begun and not completed, so no part is left behind. */
  async abort(): Promise<void> {
    await this.sending.catch(() => undefined);
    if (this.uploadId === undefined || this.completed) return;
    await this.s3.send(
      new AbortMultipartUploadCommand({ Bucket: this.target.bucket, Key: this.target.key, UploadId: this.uploadId }),
    );
  }

  private buffer(): Buffer {
    this.buffers[this.filling] ??= Buffer.allocUnsafe(PART_SIZE);
    return this.buffers[this.filling];
  }

  private async take(chunk: Buffer): Promise<void> {
    for (let from = 0; from < chunk.length; ) {
      const copied = chunk.copy(this.buffer(), this.filled, from);
      this.filled += copied;
      from += copied;
      if (this.filled === PART_SIZE) await this.sendFilled();
    }
  }

  /** Sends the full buffer once the previous part is out (its buffer is then the one to fill). */
  private async sendFilled(): Promise<void> {
    await this.sending;
    const bytes = this.buffer().subarray(0, this.filled);
    this.sending = this.sendPart(bytes);
    // Awaited by the next part or by finish(); not an unhandled rejection meanwhile.
    this.sending.catch(() => undefined);
    this.filling = 1 - this.filling;
    this.filled = 0;
  }

  private async sendPart(bytes: Buffer): Promise<void> {
    const { bucket, key, contentType } = this.target;
    this.uploadId ??= (
      await this.s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }))
    ).UploadId;
    const PartNumber = this.parts.length + 1;
    this.parts.push({ PartNumber });
    const { ETag } = await this.s3.send(
      new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: this.uploadId, PartNumber, Body: bytes }),
    );
    if (!ETag) throw new Error(`S3 answered part ${PartNumber} of ${key} without an ETag`);
    this.parts[PartNumber - 1].ETag = ETag;
  }

  private async finish(): Promise<void> {
    await this.sending;
    const { bucket, key, contentType } = this.target;
    const rest = this.buffer().subarray(0, this.filled);
    if (this.uploadId === undefined) {
      await this.s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType, Body: rest }));
      return;
    }
    if (rest.length > 0) await this.sendPart(rest);
    await this.s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        UploadId: this.uploadId,
        MultipartUpload: { Parts: this.parts },
      }),
    );
    this.completed = true;
  }
}
