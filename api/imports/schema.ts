import { z } from 'zod';
import { ROW_ACTIONS } from '../../domain/imports/import-plan';

const json = (what: string) =>
  z.string().transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: `${what} must be JSON` });
      return z.NEVER;
    }
  });

/** Query of the import endpoints (spec: Import): booleans and JSON arrive as strings. */
export const ImportQuery = z
  .object({
    updateExisting: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
    /** JSON object of column header → target field; checked per entity by parseCustomMapping. */
    mapping: z.string().max(20_000).optional(),
    /** JSON object of file line → create, update or skip (contacts, after a preview). */
    rowActions: json('rowActions')
      .pipe(
        z.record(
          z.string().regex(/^\d{1,7}$/, 'keys are file line numbers'),
          z.enum(ROW_ACTIONS as [string, ...string[]]),
        ),
      )
      .optional(),
  })
  .strict();
export type ImportQuery = z.infer<typeof ImportQuery>;

/** The preview plans as the import would: with updateExisting unless told `false`. */
export const PreviewQuery = z
  .object({
    updateExisting: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v !== 'false'),
    mapping: z.string().max(20_000).optional(),
  })
  .strict();
export type PreviewQuery = z.infer<typeof PreviewQuery>;

const RowError = z.object({ line: z.number().int(), message: z.string(), row: z.record(z.string(), z.string()) });

/** The spec's import result, with the error file's link. */
export const ImportResultView = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  total: z.number().int(),
  /** The first failing rows (at most 1 000, about 1 MB of JSON); all of them are in the error file. */
  errors: z.array(RowError),
  errorCount: z.number().int(),
  errorsTruncated: z.boolean(),
  warnings: z.array(z.object({ line: z.number().int(), message: z.string() })),
  mapping: z.record(z.string(), z.string()),
  totalRows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  errorFile: z.object({ url: z.string(), key: z.string(), filename: z.string() }).nullable(),
});

export const ImportPreviewView = z.object({
  items: z.array(
    z.object({
      line: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      reason: z.string(),
      suggestedAction: z.enum(['create', 'update', 'skip']),
      existingContactId: z.uuid().optional(),
      changes: z.record(z.string(), z.object({ from: z.string().nullable(), to: z.string() })).optional(),
    }),
  ),
  /** True when the file has more lines than `items` shows (at most 1 000); `summary` counts them all. */
  itemsTruncated: z.boolean(),
  summary: z.object({ create: z.number().int(), update: z.number().int(), skip: z.number().int() }),
  mapping: z.record(z.string(), z.string()),
  totalRows: z.number().int(),
});
