import { type RequestHandler } from 'express';
import { ValidationError } from '../../domain/errors';

/** How deep a JSON body may nest. No record of the api goes past a handful of levels. */
export const MAX_BODY_DEPTH = 64;

type Finding = { kind: 'nul'; path: string[] } | { kind: 'depth'; path: string[] };

/**
 * The first string in `value` that holds a NUL character, or the first place nested deeper than
 * MAX_BODY_DEPTH. Walked with an explicit stack, never by recursion: an untrusted body nested
 * 50 000 levels deep must not overflow the call stack.
 */
function inspectBody(value: unknown): Finding | undefined {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { kind: 'nul', path };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length >= MAX_BODY_DEPTH) return { kind: 'depth', path };
    const entries: Array<[string, unknown]> = Array.isArray(current)
      ? current.map((inner, i) => [String(i), inner])
      : Object.entries(current);
    // Pushed in reverse so the first field is looked at first, as a reader would.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i];
      if (!Array.isArray(current) && key.includes('\u0000')) return { kind: 'nul', path: [...path, key] };
      stack.push({ value: inner, path: [...path, key] });
    }
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold a NUL character, and no studio data means one: a JSON body with
 * "\u0000" in a string is a 400 naming the field, rather than a value altered on its way in.
 * A body nested deeper than MAX_BODY_DEPTH is a 400 too.
 */
export const rejectNulCharacters: RequestHandler = (req, _res, next) => {
  const finding = inspectBody(req.body);
  if (finding?.kind === 'nul')
    return next(
      new ValidationError('Text must not contain the NUL character (\\u0000)', [
        { path: finding.path.join('.'), message: 'contains a NUL character' },
      ]),
    );
  if (finding?.kind === 'depth')
    return next(
      new ValidationError(`The JSON body is nested more than ${MAX_BODY_DEPTH} levels deep`, [
        {
          path: finding.path.slice(0, 8).join('.') + (finding.path.length > 8 ? '…' : ''),
          message: `nested more than ${MAX_BODY_DEPTH} levels`,
        },
      ]),
    );
  next();
};
