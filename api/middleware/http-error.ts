import { STATUS_CODES } from 'node:http';
import { type Response } from 'express';

/** The one error body of the API (DESIGN.md): a stable `code` beside the status and message. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  code: string;
  message: string;
  details?: unknown;
  requestId: string;
}

export function sendError(res: Response, statusCode: number, code: string, message: string, details?: unknown): void {
  const body: ErrorBody = {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    code,
    message,
    ...(details === undefined ? {} : { details }),
    requestId: String(res.getHeader('X-Request-ID') ?? ''),
  };
  res.status(statusCode).json(body);
}
