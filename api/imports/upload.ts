import { MAX_IMPORT_BYTES } from '../../domain/imports/file-format';
import { createSingleFileUpload } from '../http/single-file-upload';

/** Reads the part `file` of an import: at most 10 MB is ever held, before anything parses it. */
export function createImportUpload(maxBytes = MAX_IMPORT_BYTES) {
  return createSingleFileUpload(maxBytes, 'file');
}
