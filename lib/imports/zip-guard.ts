import yauzl from 'yauzl';
import { ValidationError } from '../../domain/errors';

/** Limits on what an xlsx may expand to before a spreadsheet library is allowed to open it. */
export interface ZipLimits {
  /** Sum of the entries' uncompressed sizes. */
  maxTotalBytes: number;
  /** Largest uncompressed / compressed ratio of one entry (xml compresses well, about 10-30×). */
  maxRatio: number;
  maxEntries: number;
}

/** 10 MB of xlsx holds about 100-200 MB of xml at most: a bomb claims far more. */
export const XLSX_LIMITS: ZipLimits = { maxTotalBytes: 300 * 1024 * 1024, maxRatio: 200, maxEntries: 10_000 };

const refuse = (reason: string) => new ValidationError(`The spreadsheet cannot be read: ${reason}`);

/**
 * Refuses a zip bomb renamed .xlsx before exceljs expands it, in two passes:
 * 1. the central directory alone (nothing inflated): declared sizes, ratios and entry count
 *    within the limits;
 * 2. every entry inflated into nothing, with yauzl checking that no entry yields more bytes than
 *    it declared: an archive that lies about its sizes in the directory fails here, having
 *    inflated at most the (bounded) declared total plus one chunk.
 */
export function assertZipWithinLimits(bytes: Buffer, limits: ZipLimits = XLSX_LIMITS): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (openError, zip) => {
        if (openError || !zip) return reject(refuse('it is not a valid xlsx file'));
        let total = 0;
        let entries = 0;
        const fail = (error: ValidationError) => {
          zip.close();
          reject(error);
        };
        zip.on('error', () => fail(refuse('it is not a valid xlsx file')));
        zip.on('entry', (entry: yauzl.Entry) => {
          entries++;
          total += entry.uncompressedSize;
          const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
          if (entries > limits.maxEntries) return fail(refuse('it holds too many parts'));
          if (total > limits.maxTotalBytes || (entry.uncompressedSize > 1024 * 1024 && ratio > limits.maxRatio)) {
            return fail(
              refuse(
                'it expands to far more data than a spreadsheet of this size can hold (a compressed archive bomb?)',
              ),
            );
          }
          zip.readEntry();
        });
        zip.on('end', () =>
          inflateAll(bytes).then(resolve, () =>
            reject(refuse('its parts do not expand to the sizes it declares (a compressed archive bomb?)')),
          ),
        );
        zip.readEntry();
      },
    );
  });
}

/** Inflates every entry and throws away the bytes; fails when an entry yields more than it declares. */
function inflateAll(bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (openError, zip) => {
        if (openError || !zip) return reject(openError ?? new Error('not a zip'));
        zip.on('error', reject);
        zip.on('entry', (entry: yauzl.Entry) => {
          if (entry.fileName.endsWith('/')) return zip.readEntry();
          zip.openReadStream(entry, (streamError, stream) => {
            if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
            stream.on('error', (err) => {
              zip.close();
              reject(err);
            });
            stream.on('end', () => zip.readEntry());
            stream.resume();
          });
        });
        zip.on('end', () => resolve());
        zip.readEntry();
      },
    );
  });
}
