import { type RequestHandler } from 'express';
import { ValidationError } from '../../domain/errors';

/** The path of the first string in `value` that holds a NUL character, or undefined. */
function nulPath(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], [...path, String(i)]);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const found = nulPath(key, [...path, key]) ?? nulPath(inner, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold a NUL character, and no studio data means one: a JSON body with
 * "\u0000" in a string is a 400 naming the field, rather than a value altered on its way in.
 */
export const rejectNulCharacters: RequestHandler = (req, _res, next) => {
  const path = nulPath(req.body);
  if (path) return next(new ValidationError('Text must not contain the NUL character (\\u0000)', [{ path: path.join('.'), message: 'contains a NUL character' }]));
  next();
};
