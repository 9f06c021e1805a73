import { type ErrorRequestHandler, type RequestHandler } from 'express';
import { type Logger } from 'pino';
import { ZodError } from 'zod';
import { classifyDbError } from '../../db/errors';
import { DomainError, type ErrorCode } from '../../domain/errors';
import { sendError } from './http-error';

/** Status of each domain error code. Exhaustive by type: a new code must be given its status here. */
const STATUS_BY_CODE: Record<ErrorCode, number> = {
  validation_failed: 400,
  invalid_key: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  email_taken: 409,
  job_not_replayable: 409,
  job_not_running: 409,
  workflow_task_in_use: 409,
  quote_invoiced: 409,
  job_already_started: 409,
  field_key_taken: 409,
  session_info_template_missing: 409,
  session_contact_exists: 409,
  invoice_issued: 409,
  invoice_not_issued: 409,
  e_invoice_not_available: 409,
  invoice_cancelled: 409,
  nothing_due: 409,
  payment_exceeds_balance: 409,
  credit_exceeds_creditable: 409,
  refund_exceeds_overpaid: 409,
  reversal_not_allowed: 409,
  quote_rejected: 409,
  numbering_in_use: 409,
  tenant_slug_taken: 409,
  reminders_stopped: 409,
  purchase_invoice_exists: 409,
  purchase_invoice_answered: 409,
  quote_not_sent: 409,
  deposit_exists: 409,
  deposit_draft: 409,
  deposits_changed: 409,
  quote_signed: 409,
  quote_accepted: 409,
  quote_declined: 409,
  quote_expired: 409,
  quote_changed: 409,
  contact_erased: 409,
  e_report_exists: 409,
  period_not_ended: 409,
  ledger_period_open: 409,
  ledger_period_closed: 409,
  ledger_chain_broken: 409,
  platform_not_configured: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  // Understood but refused as asked: too many rows for a synchronous export (use the async one).
  export_too_large: 422,
  // The export job failed for good; the job run is in the dead-letter queue.
  export_failed: 500,
  // Still rendering after EXPORT_SYNC_TIMEOUT_SECONDS: the answer names the job to poll.
  export_timeout: 504,
  // The import job failed for good (in the dead-letter queue), or is still running after the wait.
  import_failed: 500,
  import_timeout: 504,
  // A delete under a permanent prefix is refused by the cleanup guard: a bug of ours if it ever reaches a response.
  permanent_object: 500,
  unavailable: 503,
  // No Chromium at CHROMIUM_PATH: every pdf is refused, the rest of the api works.
  pdf_renderer_unavailable: 503,
};

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
