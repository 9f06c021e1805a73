import { type Request, type Response } from 'express';
import multer, { MulterError } from 'multer';
import { ValidationError } from '../../domain/errors';
import { PayloadTooLargeError } from '../../domain/storage/errors';

/** One uploaded part, held in memory (bounded by the route's limit). */
export type UploadedFile = Express.Multer.File;

/**
 * Reads the one multipart part `file` into memory, after authentication (the route calls it from
 * its handler, so an anonymous client cannot make the api buffer megabytes). Multer counts bytes as
 * they stream and stops past `maxBytes` (413). Every other way the body can be wrong is a 400 that
 * says how to send it: a missing part, a body that is not multipart, and a multipart body the
 * parser refuses (no boundary, a cut-off body, a malformed part header), which busboy reports as
 * plain errors rather than MulterErrors.
 */
export function createSingleFileUpload(maxBytes: number, what: 'image' | 'file') {
  const single = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 },
  }).single('file');
  const howTo = `send one ${what} as multipart/form-data in the part "file"`;
  return (req: Request, res: Response): Promise<UploadedFile> =>
    new Promise((resolve, reject) => {
      single(req, res, (err: unknown) => {
        if (err instanceof MulterError && err.code === 'LIMIT_FILE_SIZE')
          return reject(new PayloadTooLargeError(maxBytes));
        if (err)
          return reject(
            new ValidationError(
              `The upload is not valid: ${err instanceof Error ? err.message : String(err)}; ${howTo}`,
            ),
          );
        if (!req.file) return reject(new ValidationError(`No file was uploaded: ${howTo}`));
        resolve(req.file);
      });
    });
}
