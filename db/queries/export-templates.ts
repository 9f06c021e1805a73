import { type Sequelize } from 'sequelize-typescript';
import { type ExportEntity, type ExportFormat } from '../../domain/exports/export-kinds';
import { ExportTemplate } from '../models/ExportTemplate';
import { type ExportTemplateRow } from '../rows';
import { findOwned } from './owned';

/** A user keeps a handful of templates; the list is a plain array (spec), capped all the same. */
const MAX_TEMPLATES_LISTED = 500;

/** The owner's export templates by entity, format and name. */
export function listExportTemplates(_sequelize: Sequelize, ownerId: string): Promise<ExportTemplateRow[]> {
  return ExportTemplate.findAll({
    where: { owner_id: ownerId },
    order: [
      ['entity', 'ASC'],
      ['format', 'ASC'],
      ['name', 'ASC'],
      ['id', 'ASC'],
    ],
    limit: MAX_TEMPLATES_LISTED,
  });
}

/** The owner's default template for an entity and format, or null. */
export function findDefaultExportTemplate(
  _sequelize: Sequelize,
  ownerId: string,
  entity: ExportEntity,
  format: ExportFormat,
): Promise<ExportTemplateRow | null> {
  return ExportTemplate.findOne({ where: { owner_id: ownerId, entity, format, is_default: true } });
}

/** One of the owner's export templates; another user's reads as not found. */
export function findExportTemplate(sequelize: Sequelize, ownerId: string, id: string): Promise<ExportTemplateRow> {
  return findOwned(sequelize, ExportTemplate, 'Export template', id, ownerId);
}

/** One of the owner's export templates, or null when it is gone (or not the owner's). */
export function findExportTemplateOrNull(
  _sequelize: Sequelize,
  ownerId: string,
  id: string,
): Promise<ExportTemplateRow | null> {
  return ExportTemplate.findOne({ where: { id, owner_id: ownerId } });
}
