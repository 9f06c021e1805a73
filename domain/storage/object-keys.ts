import { InvalidObjectKeyError } from './errors';

/** S3's own limit on a key, in UTF-8 bytes. */
export const MAX_OBJECT_KEY_BYTES = 1024;

/**
 * Checks a key a client sent before anything is looked up or signed. Keys are relative paths of
 * plain segments: no `..` (a proxy or another store could resolve it), no leading `/`, no
 * backslashes (Windows-style separators some tools rewrite), no control characters (log and
 * header injection), no empty segments. Returns the key unchanged; throws InvalidObjectKeyError.
 */
export function validateObjectKey(key: string): string {
  if (key.length === 0) throw new InvalidObjectKeyError('it is empty');
  if (Buffer.byteLength(key, 'utf8') > MAX_OBJECT_KEY_BYTES)
    throw new InvalidObjectKeyError(`it is longer than ${MAX_OBJECT_KEY_BYTES} bytes`);
  if (key.startsWith('/')) throw new InvalidObjectKeyError('it must not start with /');
  if (key.includes('\\')) throw new InvalidObjectKeyError('it must not contain backslashes');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) throw new InvalidObjectKeyError('it must not contain control characters');
  const segments = key.split('/');
  if (segments.some((s) => s === '..' || s === '.'))
    throw new InvalidObjectKeyError('it must not contain . or .. segments');
  if (segments.some((s, i) => s === '' && i < segments.length - 1))
    throw new InvalidObjectKeyError('it must not contain empty segments');
  if (key.endsWith('/')) throw new InvalidObjectKeyError('it names a folder, not a file');
  return key;
}

/**
 * True when `userId` is one whole segment of the key (`exports/<userId>/...`,
 * `avatars/<userId>/...`): the spec's "user id appears in the key pattern". A segment, not a
 * substring, so an id inside a longer name (`<userId>-copy`) grants nothing.
 */
export function keyNamesUser(key: string, userId: string): boolean {
  return userId.length > 0 && key.split('/').includes(userId);
}
