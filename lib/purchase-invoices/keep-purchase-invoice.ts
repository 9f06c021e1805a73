import crypto from 'node:crypto';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { type ReceivedFile } from '../../db/commands/purchase-invoices';
import { type PurchaseInvoice } from '../../domain/invoicing/purchase-invoice';
import { type PurchaseFile } from './read-purchase-file';

export interface KeepPurchaseInvoiceDeps {
  s3: S3Client;
  bucket: string;
  /** db/commands/purchase-invoices.ts#recordPurchaseInvoice with its database bound. */
  recordPurchaseInvoice(
    owner: { id: string; orgId: string },
    file: ReceivedFile,
    invoice: PurchaseInvoice,
  ): Promise<string | null>;
}

/** Where a studio's received file is kept (documents/: kept for good, like the documents it issued). */
export const purchaseFileKey = (ownerId: string, sha256: string, kind: 'pdf' | 'xml'): string =>
  `documents/purchase-invoices/${ownerId}/${sha256}.${kind}`;

export const sha256Of = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex');

/**
 * Keeps a supplier's e-invoice already read: the file under documents/ (its name from its SHA-256,
 * so the same file twice is one object), then its purchase record. Answers the record's id, or
 * null when the studio has a record of this file already and it came by upload (for one that
 * came from the platform, the existing record is answered and given the flow).
 */
export async function keepPurchaseInvoice(
  deps: KeepPurchaseInvoiceDeps,
  owner: { id: string; orgId: string },
  bytes: Buffer,
  read: PurchaseFile,
  origin: { fileName: string | null; platformFlowId?: string },
): Promise<string | null> {
  const sha256 = sha256Of(bytes);
  const key = purchaseFileKey(owner.orgId, sha256, read.kind);
  await deps.s3.send(
    new PutObjectCommand({ Bucket: deps.bucket, Key: key, Body: bytes, ContentType: read.contentType }),
  );
  return deps.recordPurchaseInvoice(
    owner,
    {
      bucket: deps.bucket,
      key,
      contentType: read.contentType,
      sizeBytes: bytes.length,
      sha256,
      fileName: origin.fileName,
      format: read.format,
      platformFlowId: origin.platformFlowId ?? null,
    },
    read.invoice,
  );
}
