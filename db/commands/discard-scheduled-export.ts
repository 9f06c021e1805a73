import { type Sequelize } from 'sequelize-typescript';
import { ScheduledExport } from '../models/ScheduledExport';

/** Removes a scheduled export whose Temporal Schedule could not be created (the compensation of its creation). */
export async function discardScheduledExport(_sequelize: Sequelize, id: string): Promise<void> {
  await ScheduledExport.destroy({ where: { id } });
}
