import { type Sequelize } from 'sequelize-typescript';
import { countExportRows } from '../../db/queries/export-size';
import { findDefaultExportTemplate } from '../../db/queries/export-templates';
import { findUserPreferences } from '../../db/queries/users';
import { DomainError } from '../../domain/errors';
import { resolveExportFields } from '../../domain/exports/fields';
import { type ExportMode, type ExportPayload } from '../../workflows/exports/contract';
import { type AuthUser } from '../auth/auth-user';
import { type ExportQuery } from './schema';

/**
 * The payload of an export asked for through the api: fields as asked, else the owner's default
 * template for that entity and format, else every key (spec: Exports rules 1 and 2); dates in
 * the owner's zone; csv dialect from the query, else the owner's preference.
 */
export async function buildExportPayload(
  sequelize: Sequelize,
  user: AuthUser,
  query: ExportQuery,
  mode: ExportMode,
): Promise<ExportPayload> {
  const template = query.fields
    ? null
    : await findDefaultExportTemplate(sequelize, user.orgId, query.entity, query.format);
  const fields = resolveExportFields(query.entity, query.fields, template?.selected_fields);
  // The member's own dialect and zone: the spreadsheet and the clock are theirs (docs/teams.md).
  const owner = await findUserPreferences(sequelize, user.id);
  return {
    ownerId: user.orgId,
    orgId: user.orgId,
    entity: query.entity,
    format: query.format,
    fields,
    csvDialect: query.csv_dialect ?? owner.csv_dialect,
    timeZone: owner.time_zone,
    mode,
  };
}

/** A synchronous export past the row limit is refused before any work, pointing to the async export. */
export async function assertFitsSync(
  sequelize: Sequelize,
  payload: ExportPayload,
  limits: { rows: number; pdfRows: number },
): Promise<void> {
  const max = payload.format === 'pdf' ? limits.pdfRows : limits.rows;
  const rows = await countExportRows(sequelize, payload.entity, payload.ownerId);
  if (rows > max) {
    throw new DomainError(
      'export_too_large',
      `This export has ${rows} rows, more than the ${max} a synchronous ${payload.format} export allows: use GET /api/export/async, which delivers the file when it is ready`,
      { rows, max, async_url: '/api/export/async' },
    );
  }
}
