import { createRequire } from 'node:module';
import type * as ExcelJSModule from 'exceljs';
import type * as PdfLibModule from 'pdf-lib';

/**
 * pdf-lib and exceljs, required on their first use rather than when the process starts (as the
 * e-invoice library is, lib/facturx/generate.ts): together about 20 MB of resident memory, which a
 * worker that never merges a pdf nor reads or writes a spreadsheet need not keep (the exports
 * worker during a csv export, the triggers' worker, an api that receives no xlsx). Node's require
 * caches each, as a static import would. Their types are imported as types only.
 */
const requireHere = createRequire(__filename);

export const pdfLib = (): typeof PdfLibModule => requireHere('pdf-lib') as typeof PdfLibModule;

export const excelJs = (): typeof ExcelJSModule => requireHere('exceljs') as typeof ExcelJSModule;
