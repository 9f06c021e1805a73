import { S3Client } from '@aws-sdk/client-s3';
import { type Config } from './config';

type S3Settings = Pick<Config, 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>;

/**
 * Multipart parts go with an unsigned payload (`x-amz-content-sha256: UNSIGNED-PAYLOAD`): over
 * plain HTTP the SDK would otherwise hash every part's bytes with SHA-256 to sign them, 6 % of an
 * export's CPU (docs/performance.md, "Exports"). The request itself stays signed; TLS protects
 * the bytes where the endpoint is remote. Set before signing, which keeps a header it finds.
 */
function unsignedParts(client: S3Client): S3Client {
  client.middlewareStack.add(
    (next, context) => (args) => {
      const request = args.request as { headers?: Record<string, string> } | undefined;
      if (context.commandName === 'UploadPartCommand' && request?.headers)
        request.headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
      return next(args);
    },
    { step: 'build', name: 'unsignedUploadParts' },
  );
  return client;
}

/**
 * The S3 client for `endpoint`. Path-style addressing and checksums only when required: both
 * are needed by S3-compatible servers such as Versity Gateway.
 */
function clientFor(endpoint: string, config: S3Settings): S3Client {
  return unsignedParts(
    new S3Client({
      endpoint,
      region: config.S3_REGION,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
      maxAttempts: 2,
    }),
  );
}

/** The S3 client the services use to read and write objects, on S3_ENDPOINT. */
export function createS3Client(config: S3Settings): S3Client {
  return clientFor(config.S3_ENDPOINT, config);
}

/**
 * A client for signing links only (`getSignedUrl`): on S3_PUBLIC_ENDPOINT, the address browsers
 * reach, since the host is part of the signature and cannot be swapped afterwards. It sends no
 * request itself: the services may not be able to reach the public address at all.
 */
export function createPublicS3Client(config: S3Settings & Pick<Config, 'S3_PUBLIC_ENDPOINT'>): S3Client {
  return clientFor(config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT, config);
}
