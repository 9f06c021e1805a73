import { createRequire } from 'node:module';
import type * as SheetJs from '@e965/xlsx';

/**
 * SheetJS, used for legacy .xls files only (reading one, writing its error file), required by the
 * first such file rather than when the process starts: about 15 MB resident that processes which
 * never see one (the exports worker) need not keep (docs/performance.md, 2026-11-25). Node's
 * require caches it, as a static import would.
 */
export function sheetJs(): typeof SheetJs {
  return createRequire(__filename)('@e965/xlsx') as typeof SheetJs;
}
