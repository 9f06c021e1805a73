import { PermanentObjectError } from './errors';

/** Deleted by the daily export-file cleanup once older than EXPORT_RETENTION_HOURS (spec: File object). */
export const TEMPORARY_PREFIXES = ['exports/', 'pdfs/ai-reports/', 'temp/'] as const;

/** Never deleted by any automatic job, whatever its input (spec: File object). */
export const PERMANENT_PREFIXES = [
  'pdfs/quotes/',
  'pdfs/invoices/',
  'pdfs/credit-notes/',
  'pdfs/receipts/',
  'pdfs/contracts/',
  'documents/',
  'avatars/',
  'logos/',
] as const;

/** Scanned by the monthly orphan-object cleanup (spec: Limits). documents/ is permanent: scanned, reported, kept. */
export const ORPHAN_OBJECT_PREFIXES = ['documents/', 'session-files/', 'contact-files/'] as const;

/** Where avatar and logo uploads live: `avatars/<userId>/<uuid>.<ext>`. */
export const USER_IMAGE_PREFIXES = { avatar: 'avatars/', logo: 'logos/' } as const;
export type UserImageKind = keyof typeof USER_IMAGE_PREFIXES;

export function isPermanentKey(key: string): boolean {
  return PERMANENT_PREFIXES.some((p) => key.startsWith(p));
}

export function isTemporaryKey(key: string): boolean {
  return !isPermanentKey(key) && TEMPORARY_PREFIXES.some((p) => key.startsWith(p));
}

/**
 * The guard every cleanup delete path calls just before it deletes: a key under a permanent
 * prefix throws, whatever query or listing produced it, so a wrong filter upstream can never
 * remove an invoice pdf or an avatar. (Replacing an avatar or logo is not a cleanup: its owner
 * asked for it, and api/users deletes the previous image directly.)
 */
export function assertCleanupMayDelete(key: string): string {
  if (isPermanentKey(key)) throw new PermanentObjectError(key);
  return key;
}

/** Splits keys into those a cleanup may delete and those it must keep (permanent). */
export function partitionDeletable(keys: readonly string[]): { deletable: string[]; permanent: string[] } {
  const deletable: string[] = [];
  const permanent: string[] = [];
  for (const key of keys) (isPermanentKey(key) ? permanent : deletable).push(key);
  return { deletable, permanent };
}
