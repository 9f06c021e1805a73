import { type RequestHandler } from 'express';
import { type ErrorCode } from '../../domain/errors';

const ANSWERS = Symbol('answers errors');

/**
 * Marks a middleware with the error codes it may answer (a rate limit's `rate_limited`), so every
 * route that uses it documents them in /api/docs without saying so itself (issue 40 §19).
 */
export function answersErrors<H extends RequestHandler>(codes: readonly ErrorCode[], handler: H): H {
  return Object.assign(handler, { [ANSWERS]: codes });
}

/** The error codes a middleware was marked with; none for an unmarked one. */
export const errorsAnsweredBy = (handler: RequestHandler): readonly ErrorCode[] =>
  (handler as RequestHandler & { [ANSWERS]?: readonly ErrorCode[] })[ANSWERS] ?? [];
