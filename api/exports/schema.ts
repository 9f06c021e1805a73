import { z } from 'zod';
import { CSV_DIALECTS } from '../../domain/exports/csv-dialect';
import { EXPORT_ENTITIES, EXPORT_FORMATS } from '../../domain/exports/export-kinds';

/** Spec: entity, format, fields (comma-separated keys); csv_dialect overrides the user's preference. */
export const ExportQuery = z.object({
  entity: z.enum(EXPORT_ENTITIES),
  format: z.enum(EXPORT_FORMATS),
  fields: z
    .string()
    .max(2_000)
    .transform((s) => s.split(','))
    .optional(),
  csv_dialect: z.enum(CSV_DIALECTS).optional(),
});
export type ExportQuery = z.infer<typeof ExportQuery>;

/** Spec: url (time-limited link), key, filename, expiration (seconds). */
export const ExportLinkView = z.object({
  url: z.string(),
  key: z.string(),
  filename: z.string(),
  expiration: z.number().int(),
});

export const ExportJobAccepted = z.object({ jobRunId: z.uuid(), status: z.string(), statusUrl: z.string() });

export const ExportJobParams = z.object({ jobRunId: z.uuid({ message: 'must be a uuid' }) });

export const ExportJobStatusView = z.object({
  jobRunId: z.uuid(),
  status: z.enum(['RUNNING', 'COMPLETED', 'FAILED']),
  url: z.string().optional(),
  key: z.string().optional(),
  filename: z.string().optional(),
  expiration: z.number().int().optional(),
  rowCount: z.number().int().optional(),
  error: z.string().optional(),
});
