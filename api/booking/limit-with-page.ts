import { type RequestHandler } from 'express';
import { RateLimitedError } from '../../domain/errors';
import { NO_FACE, sendPage } from '../client/face';
import { renderBookingTooMany } from './render-booking';

/** The booking pages' limit answering a visitor with a page (429, Retry-After set by the limit) rather than the api's JSON. */
export function limitWithPage<P>(limit: RequestHandler): RequestHandler<P> {
  return async (req, res, next) => {
    try {
      await (limit as unknown as RequestHandler<P>)(req, res, next);
    } catch (err) {
      if (!(err instanceof RateLimitedError)) throw err;
      sendPage(res, 429, renderBookingTooMany(NO_FACE));
    }
  };
}
