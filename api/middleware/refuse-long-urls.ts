import { type RequestHandler } from 'express';
import { MAX_URL_BYTES } from '../http/http-server';
import { sendError } from './http-error';

/**
 * A request line the HTTP parser accepted but longer than MAX_URL_BYTES is a 414 in the api's error
 * shape (longer ones are refused by the server itself, see createHttpServer). No query string of
 * the api needs that much: mappings and filters are a few hundred bytes.
 */
export const refuseLongUrls: RequestHandler = (req, res, next) => {
  if (Buffer.byteLength(req.originalUrl) > MAX_URL_BYTES)
    return sendError(
      res,
      414,
      'uri_too_long',
      `The request line is longer than ${MAX_URL_BYTES} bytes: send long values in a body`,
    );
  next();
};
