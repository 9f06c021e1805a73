import { type ErrorRequestHandler, type RequestHandler } from 'express';
import { type Logger } from 'pino';
import { ZodError } from 'zod';
import { classifyDbError } from '../../db/errors';
import { DomainError } from '../../domain/errors';
import { STATUS_BY_CODE } from '../http/error-statuses';
import { sendError } from './http-error';

function zodDetails(err: ZodError) {
  return err.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message, code: issue.code }));
}

/** 404 for every path no router claimed. */
export const notFoundHandler: RequestHandler = (req, res) => {
  sendError(res, 404, 'route_not_found', `No route for ${req.method} ${req.path}`);
};

/**
 * The only place that turns errors into HTTP responses. Known errors keep their message;
 * anything else is logged with its stack and answered with a generic 500.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);

    if (err instanceof ZodError)
      return sendError(res, 400, 'invalid_input', 'The request is not valid', zodDetails(err));
    if (err instanceof DomainError) {
      const status = STATUS_BY_CODE[err.code];
      if (status === 503) logger.warn({ err }, 'dependency unavailable');
      return sendError(res, status, err.code, err.message, err.details);
    }

    // body-parser: bad JSON, too large, wrong charset.
    const type = (err as { type?: string }).type;
    if (type === 'entity.parse.failed') return sendError(res, 400, 'invalid_json', 'The body is not valid JSON');
    if (type === 'entity.too.large') return sendError(res, 413, 'payload_too_large', 'The body is too large');
    if (type === 'encoding.unsupported' || type === 'charset.unsupported')
      return sendError(res, 415, 'unsupported_media_type', 'Unsupported body encoding');

    // Database errors, as db/errors.ts classifies them.
    const db = classifyDbError(err);
    switch (db?.kind) {
      // `rejectOnEmpty` lookups: the record is missing (or not the caller's), as a NotFoundError would say.
      case 'not_found':
        return sendError(res, 404, 'not_found', 'The record was not found');
      // Constraints live in the database; a violation the schemas did not catch is still the client's input.
      case 'unique':
        return sendError(res, 409, 'conflict', 'A record with these values already exists', db.paths);
      case 'foreign_key':
        return sendError(res, 409, 'conflict', 'The record is referenced by, or references, a missing record');
      case 'invalid':
        return sendError(res, 400, 'invalid_input', 'The request is not valid', db.details);
      case 'unavailable':
        logger.error({ err }, 'database unavailable');
        return sendError(res, 503, 'unavailable', 'The database is not available; try again shortly');
      case 'out_of_range':
        return sendError(res, 400, 'invalid_input', 'A value is out of range or breaks a rule of the record');
      // The database's own guard on legal records, reached by a path the api did not check first.
      case 'immutable':
        logger.warn({ err, method: req.method, path: req.path }, 'legal record change refused by the database');
        return sendError(
          res,
          409,
          db.code,
          db.code === 'invoice_issued'
            ? 'An issued invoice cannot be changed or deleted: issue a credit note'
            : 'Payments and credit notes are never changed: record a new one',
        );
    }

    logger.error({ err, method: req.method, path: req.path }, 'unhandled error');
    return sendError(res, 500, 'internal_error', 'Something went wrong on our side; the request id helps us find it');
  };
}
