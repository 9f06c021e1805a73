import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

/**
 * A time-limited GET link to `key`, signed with `client` (the public one: createPublicS3Client,
 * so the link names an address a browser reaches). With `filename`, the download is saved
 * under that name.
 */
export function signDownloadLink(client: S3Client, bucket: string, key: string, expiresInSeconds: number, filename?: string): Promise<string> {
  const disposition = filename ? `attachment; filename*=UTF-8''${encodeURIComponent(filename)}` : undefined;
  return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: disposition }), { expiresIn: expiresInSeconds });
}
