import { type S3Client } from '@aws-sdk/client-s3';
import express, { type Request, type RequestHandler, Router } from 'express';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { submitContactForm } from '../../db/commands/submit-contact-form';
import { findStudioIdBySlug } from '../../db/queries/studios';
import { isHoneypotFilled, validateContactForm } from '../../domain/contact-form/validate-contact-form';
import { RateLimitedError } from '../../domain/errors';
import { rejectNulCharacters } from '../middleware/reject-nul';
import { createFaceLoader, NO_FACE, sendPage } from './face';
import {
  renderContactForm,
  renderContactNotFound,
  renderContactThanks,
  renderContactTooMany,
} from './render-contact-form';

export interface ContactFormRouterDeps {
  sequelize: Sequelize;
  /** RATE_LIMIT_CONTACT_FORM, counted per client address and studio. */
  submitLimit: RequestHandler;
  s3: S3Client;
  bucket: string;
  logger: Logger;
}

/**
 * /portal/contact/:tenantSlug: a studio's public contact form (docs/contact-form.md), server-rendered
 * in the studio's language under its name and logo. A valid post matches or creates the studio's
 * contact and records FORM_SUBMITTED with the answers, which workflow triggers evaluate.
 */
export function buildContactFormRouter({ sequelize, submitLimit, s3, bucket, logger }: ContactFormRouterDeps): Router {
  const router = Router();
  const loadFace = createFaceLoader({ sequelize, s3, bucket, logger });
  type SlugRequest = Request<{ tenantSlug: string }>;

  router.get('/portal/contact/:tenantSlug', async (req: SlugRequest, res) => {
    const slug = req.params.tenantSlug.slice(0, 63);
    const ownerId = await findStudioIdBySlug(sequelize, slug);
    if (!ownerId) return sendPage(res, 404, renderContactNotFound(NO_FACE));
    sendPage(res, 200, renderContactForm({ face: await loadFace(ownerId, null), slug, values: {}, errors: {} }));
  });

  /** The limit answers a visitor with a page (429, Retry-After set by the limit) rather than the api's JSON. */
  const limitWithPage: RequestHandler<{ tenantSlug: string }> = async (req, res, next) => {
    try {
      await submitLimit(req, res, next);
    } catch (err) {
      if (!(err instanceof RateLimitedError)) throw err;
      const ownerId = await findStudioIdBySlug(sequelize, req.params.tenantSlug.slice(0, 63));
      sendPage(res, 429, renderContactTooMany(ownerId ? await loadFace(ownerId, null) : NO_FACE));
    }
  };

  router.post(
    '/portal/contact/:tenantSlug',
    limitWithPage,
    // Five short fields and a message of 5 000 characters at most (each may take 3 bytes encoded as %XX%XX%XX).
    express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 20 }),
    rejectNulCharacters,
    async (req: SlugRequest, res) => {
      const slug = req.params.tenantSlug.slice(0, 63);
      const ownerId = await findStudioIdBySlug(sequelize, slug);
      if (!ownerId) return sendPage(res, 404, renderContactNotFound(NO_FACE));
      const face = await loadFace(ownerId, null);
      const body = (req.body ?? {}) as Record<string, unknown>;
      // A robot filled the hidden field: thanked like anyone, and nothing is recorded.
      if (isHoneypotFilled(body)) {
        logger.info({ ownerId, requestId: req.requestId }, 'contact form honeypot filled; submission dropped');
        return sendPage(res, 200, renderContactThanks(face));
      }
      const checked = validateContactForm(body);
      if (!checked.ok)
        return sendPage(res, 400, renderContactForm({ face, slug, values: checked.values, errors: checked.errors }));
      await submitContactForm(sequelize, { ownerId, answers: checked.answers, requestId: req.requestId });
      sendPage(res, 200, renderContactThanks(face));
    },
  );

  return router;
}
