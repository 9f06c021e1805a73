/** Kinds of studio file (the spec's `documents` table): what a file the studio keeps is. */
export const STUDIO_FILE_TYPES = [
  'CONTRACT',
  'QUOTE',
  'INVOICE',
  'RELEASE_FORM',
  'MOODBOARD',
  'PHOTO',
  'OTHER',
] as const;
export type StudioFileType = (typeof STUDIO_FILE_TYPES)[number];
