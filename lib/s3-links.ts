import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

/**
 * A time-limited GET link to `key`, signed with `client` (the public one: createPublicS3Client,
 * so the link names an address a browser reaches). With `filename`, the download is saved
 * under that name.
 */
export function signDownloadLink(
  client: S3Client,
  bucket: string,
  key: string,
  expiresInSeconds: number,
  filename?: string,
): Promise<string> {
  const disposition = filename ? `attachment; filename*=UTF-8''${encodeURIComponent(filename)}` : undefined;
  return getSignedUrl(
    client,
    new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: disposition }),
    { expiresIn: expiresInSeconds },
  );
}

/** A download link as the export answers carry it (spec: url, key, filename, expiration in seconds). */
export interface DownloadLink {
  url: string;
  key: string;
  filename: string;
  expiration: number;
}

/** Signs `file` for `expiresInSeconds` and answers it in the export answers' shape. */
export async function downloadLink(
  client: S3Client,
  bucket: string,
  file: { key: string; filename: string },
  expiresInSeconds: number,
): Promise<DownloadLink> {
  return {
    url: await signDownloadLink(client, bucket, file.key, expiresInSeconds, file.filename),
    key: file.key,
    filename: file.filename,
    expiration: expiresInSeconds,
  };
}
