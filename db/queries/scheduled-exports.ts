import { type Sequelize } from 'sequelize-typescript';
import { type Page, type PageRequest } from '../../domain/pagination';
import { ScheduledExport } from '../models/ScheduledExport';
import { type ScheduledExportRow } from '../rows';
import { findOwned } from './owned';
import { findPage } from './find-page';

/** A page of the owner's scheduled exports, newest first. */
export async function listScheduledExports(
  _sequelize: Sequelize,
  ownerId: string,
  page: PageRequest,
): Promise<Page<ScheduledExportRow>> {
  return findPage(ScheduledExport, { where: { owner_id: ownerId } }, page);
}

/** One of the owner's scheduled exports; another user's reads as not found. */
export function findScheduledExport(sequelize: Sequelize, ownerId: string, id: string): Promise<ScheduledExportRow> {
  return findOwned(sequelize, ScheduledExport, 'Scheduled export', id, ownerId);
}

/** A scheduled export by id (a schedule's fire), or null when it was deleted since. */
export function findScheduledExportById(_sequelize: Sequelize, id: string): Promise<ScheduledExportRow | null> {
  return ScheduledExport.findByPk(id);
}
