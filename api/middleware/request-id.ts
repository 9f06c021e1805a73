import crypto from 'node:crypto';
import { type RequestHandler } from 'express';
import { withLogContext } from '../../lib/log-context';

/** Accept a caller's id only if it is short and plain, so it is safe in headers, logs and workflow ids. */
const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;

declare module 'express-serve-static-core' {
  interface Request {
    /** X-Request-ID as read or generated; echoed in the response and carried into jobs. */
    requestId: string;
  }
}

/** Reads X-Request-ID or makes one, echoes it, and puts it in the log context of the request. */
export const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.get('x-request-id');
  const id = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
  req.requestId = id;
  res.setHeader('X-Request-ID', id);
  withLogContext({ requestId: id }, () => next());
};
