import { z } from 'zod';

/**
 * The key is the rest of the path after `/api/storage/signed-url/`, slashes included
 * (`/api/storage/signed-url/exports/<userId>/contacts.csv`); a client may also send it as one
 * URL-encoded segment (`exports%2F<userId>%2Fcontacts.csv`). Both arrive as the same key.
 */
export const SignedUrlParams = z.object({
  key: z
    .union([z.array(z.string()), z.string()])
    .transform((k) => (Array.isArray(k) ? k.join('/') : k))
    .openapi({ type: 'string', description: 'Object key; slashes as they are or URL-encoded' }),
});
export type SignedUrlParams = z.infer<typeof SignedUrlParams>;

export const SignedUrlQuery = z.object({
  /** Requested lifetime; capped at 3600 s, or one week for the user's current avatar and logo. */
  expirationSeconds: z.coerce.number().int().min(1).max(10_000_000).optional(),
});
export type SignedUrlQuery = z.infer<typeof SignedUrlQuery>;

export const SignedLinkView = z.object({
  url: z.string(),
  key: z.string(),
  expiration: z.number().int(),
});
