import { type Request, type Response } from 'express';
import multer, { MulterError } from 'multer';
import { ValidationError } from '../../domain/errors';
import { PayloadTooLargeError } from '../../domain/storage/errors';

/** The one file of an image upload, held in memory (a few MB at most). */
export type UploadedFile = Express.Multer.File;

/**
 * Reads the multipart part `file` into memory, after authentication (the route calls it from
 * its handler, so an anonymous client cannot make the api buffer megabytes). Multer stops
 * reading past `maxBytes` and the limit becomes a 413; a missing part is a 400.
 */
export function createImageUpload(maxBytes: number) {
  const single = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } }).single('file');
  return (req: Request, res: Response): Promise<UploadedFile> =>
    new Promise((resolve, reject) => {
      single(req, res, (err: unknown) => {
        if (err instanceof MulterError) {
          if (err.code === 'LIMIT_FILE_SIZE') return reject(new PayloadTooLargeError(maxBytes));
          return reject(new ValidationError(`The upload is not valid: ${err.message}; send one image in the part "file"`));
        }
        if (err) return reject(err instanceof Error ? err : new Error(String(err)));
        if (!req.file) return reject(new ValidationError('Send the image as multipart/form-data in the part "file"'));
        resolve(req.file);
      });
    });
}
