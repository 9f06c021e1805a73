import { S3Client } from '@aws-sdk/client-s3';
import { type Config } from './config';

/**
 * The S3 client for the configured endpoint. Path-style addressing and checksums only when
 * required: both are needed by S3-compatible servers such as Versity Gateway.
 */
export function createS3Client(config: Pick<Config, 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>): S3Client {
  return new S3Client({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
    maxAttempts: 2,
  });
}
