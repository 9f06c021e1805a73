import { type ExportEntity, type ExportFormat } from './export-kinds';

/** File extension and content type of each export format. */
export const EXPORT_FILE_TYPES: Record<ExportFormat, { extension: string; contentType: string }> = {
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
  excel: { extension: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
};

/** The entity as a title: the excel sheet's name and the pdf's heading. */
export const ENTITY_TITLES: Record<ExportEntity, string> = {
  sessions: 'Sessions',
  contacts: 'Contacts',
  quotes: 'Quotes',
  invoices: 'Invoices',
};

/** The name a user sees when downloading: `sessions-2026-11-22.xlsx` (the date in the owner's zone). */
export function exportFileName(entity: ExportEntity, format: ExportFormat, localDate: string): string {
  return `${entity}-${localDate}.${EXPORT_FILE_TYPES[format].extension}`;
}

/**
 * Where an export's file lives: `exports/<ownerId>/<jobRunId>/<file name>`. The owner id is what
 * the signed-link rule for exports checks; the job run id makes a retried attempt overwrite the
 * same object instead of leaving a second one. `exports/` is a temporary prefix (cleanup).
 */
export function exportObjectKey(ownerId: string, jobRunId: string, fileName: string): string {
  return `exports/${ownerId}/${jobRunId}/${fileName}`;
}

/** Canonical uuid text: ids are checked before they reach an object key or an SQL literal. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * IANA zone names (`Europe/Paris`, `America/Argentina/Buenos_Aires`, `UTC`, `Etc/GMT+5`): the
 * characters a zone name may hold and nothing that could end an SQL literal. The database's
 * pg_timezone_names has the last word on whether the zone exists.
 */
export const TIME_ZONE_PATTERN = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;
