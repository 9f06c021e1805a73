import { createSingleFileUpload } from '../http/single-file-upload';

export type { UploadedFile } from '../http/single-file-upload';

/** Reads the one image of an avatar or logo upload, held in memory (a few MB at most). */
export function createImageUpload(maxBytes: number) {
  return createSingleFileUpload(maxBytes, 'image');
}
