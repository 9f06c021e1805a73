import { type Sequelize } from 'sequelize-typescript';
import { type S3Client } from '@aws-sdk/client-s3';
import { type Response } from 'express';
import { type Logger } from 'pino';
import { loadClientFace } from '../../db/queries/client-face';
import { DEFAULT_LOCALE } from '../../domain/accounts/client-locale';
import { readLogoDataUri } from '../../lib/studio-logo';
import { type PortalFace } from './render-form';

/** A page for a reader no studio is known for: French, as the service's first language, and no studio named. */
export const NO_FACE: PortalFace = { locale: DEFAULT_LOCALE, studio: null };

/**
 * The face of a portal page: the language of the studio's contact (else the studio's), headed by
 * the studio's name and logo (issue 19, part 4). A null contact: a reader the studio does not know yet.
 */
export function createFaceLoader({
  sequelize,
  s3,
  bucket,
  logger,
}: {
  sequelize: Sequelize;
  s3: S3Client;
  bucket: string;
  logger: Logger;
}) {
  return async (ownerId: string, contactId: string | null): Promise<PortalFace> => {
    const face = await loadClientFace(sequelize, ownerId, contactId);
    if (!face) return NO_FACE;
    // A logo that cannot be read now is left out: the page still opens, under the studio's name.
    const logoDataUri = await readLogoDataUri({ s3, bucket, logger }, face.logoKey).catch((err: unknown) => {
      logger.warn({ err, key: face.logoKey }, 'logo could not be read; portal page shown without it');
      return null;
    });
    return { locale: face.locale, studio: { studioName: face.studioName, logoDataUri } };
  };
}

/** Sends a portal page: never cached, and no referrer leaks the page's address. */
export const sendPage = (res: Response, status: number, html: string) =>
  res.status(status).type('html').set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer').send(html);
