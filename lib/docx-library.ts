import { createRequire } from 'node:module';
import type * as Docx from 'docx';

/**
 * The docx package (quote, invoice and roadmap documents), required by the first docx rather than
 * when the process starts: workers that never write one (the exports worker) need not keep it
 * resident (about 4 MB; docs/performance.md, 2026-11-25). Node's require caches it, as a static
 * import would.
 */
export function docxLibrary(): typeof Docx {
  return createRequire(__filename)('docx') as typeof Docx;
}
