import { type S3Client } from '@aws-sdk/client-s3';
import { signDownloadLink } from '../../lib/s3-links';

/** What every signed-link answer carries (spec: the export response shares it). */
export interface SignedLink {
  url: string;
  key: string;
  /** Seconds the link stays valid, as granted (after the caps). */
  expiration: number;
}

/**
 * Signs a GET for `key`. `publicS3` is createPublicS3Client's client, so the link carries the
 * host browsers reach (S3_PUBLIC_ENDPOINT); signing sends no request. Ownership is the caller's
 * job: this signs whatever it is given.
 */
export async function signGetLink(
  publicS3: S3Client,
  bucket: string,
  key: string,
  expiration: number,
): Promise<SignedLink> {
  return { url: await signDownloadLink(publicS3, bucket, key, expiration), key, expiration };
}
