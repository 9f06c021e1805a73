import { keyNamesUser } from './object-keys';

/** Which of the ownership rules held in the database hold for a key (db/queries/file-access.ts); the key patterns are read by maySignLink. */
export interface FileAccessRules {
  /** A file_objects row for the key in the user's organisation. */
  fileObjectInOrg: boolean;
  /** A session_files row for the key on one of the studio's sessions (with `memberId`: one they are on). */
  sessionFileOwned: boolean;
  /** A contact_files row for the key on one of the studio's contacts (with `memberId`: one they reach). */
  contactFileOwned: boolean;
  /** A document uploaded by the user whose file object has the key. */
  documentUploaded: boolean;
  /** The key is the user's current avatar, or the studio's logo (the week-long link case). */
  currentUserImage: boolean;
}

/** Who asks for a signed link: the person, their studio, and the member whose assigned sessions bound them (or null). */
export interface LinkAsker {
  id: string;
  orgId: string;
  memberId: string | null;
}

/**
 * Whether `asker` may have a link to `key`, given the ownership rules the database answered
 * (db/queries/file-access.ts) (docs/storage.md). A member bound to their assigned sessions (a
 * photographer) gets the files of those sessions and their contacts, their own files and
 * uploads, their avatar and the studio's logo; not the studio's own keys (its exports, its
 * invoices' PDFs, the rest of its file objects), which the studio's other roles reach.
 */
export function maySignLink(key: string, asker: LinkAsker, rules: FileAccessRules): boolean {
  const theirs =
    keyNamesUser(key, asker.id) ||
    rules.sessionFileOwned ||
    rules.contactFileOwned ||
    rules.documentUploaded ||
    rules.currentUserImage;
  if (asker.memberId !== null) return theirs;
  return theirs || keyNamesUser(key, asker.orgId) || rules.fileObjectInOrg;
}
