import { type Request, type Response } from 'express';
import multer, { MulterError } from 'multer';
import { ValidationError } from '../../domain/errors';
import { MAX_IMPORT_BYTES } from '../../domain/imports/file-format';
import { PayloadTooLargeError } from '../../domain/storage/errors';

/**
 * Reads the part `file` of an import, after authentication. Multer counts bytes as they stream
 * and stops past 10 MB (413) before anything parses the file; at most 10 MB is ever held.
 */
export function createImportUpload(maxBytes = MAX_IMPORT_BYTES) {
  const single = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } }).single('file');
  return (req: Request, res: Response): Promise<Express.Multer.File> =>
    new Promise((resolve, reject) => {
      single(req, res, (err: unknown) => {
        if (err instanceof MulterError) {
          if (err.code === 'LIMIT_FILE_SIZE') return reject(new PayloadTooLargeError(maxBytes));
          return reject(new ValidationError(`The upload is not valid: ${err.message}; send one file in the part "file"`));
        }
        if (err) return reject(err instanceof Error ? err : new Error(String(err)));
        if (!req.file) return reject(new ValidationError('Send the file as multipart/form-data in the part "file"'));
        resolve(req.file);
      });
    });
}
