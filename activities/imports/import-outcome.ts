import { type ImportPreviewItem, type ImportRowError } from '../../workflows/imports/contract';

/** What an import did, once every batch is in (batch-importer.ts adds to it batch by batch). */
export interface ImportOutcome {
  totalRows: number;
  created: number;
  updated: number;
  /** Stored records an update really changed (matched records the file leaves as they are are not rewritten). */
  changedRecords: number;
  /** Batches the database refused, then written line by line (write-import-lines.ts). */
  batchesRowByRow: number;
  errors: ImportRowError[];
  warnings: { line: number; message: string }[];
  /** The preview's lines (preview only). */
  items: ImportPreviewItem[];
}

/** An import before its first batch. */
export function emptyImportOutcome(): ImportOutcome {
  return {
    totalRows: 0,
    created: 0,
    updated: 0,
    changedRecords: 0,
    batchesRowByRow: 0,
    errors: [],
    warnings: [],
    items: [],
  };
}
