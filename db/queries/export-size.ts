import { type Sequelize } from 'sequelize-typescript';
import { type ExportEntity } from '../../domain/exports/export-kinds';

/** The table of each exportable entity: code constants, never input. */
const TABLES: Record<ExportEntity, string> = {
  sessions: 'sessions',
  contacts: 'contacts',
  quotes: 'quotes',
  invoices: 'invoices',
};

/** How many rows an export of `entity` for this owner would write (served by the owner index). */
export async function countExportRows(sequelize: Sequelize, entity: ExportEntity, ownerId: string): Promise<number> {
  const [rows] = await sequelize.query(`SELECT count(*)::int AS n FROM ${TABLES[entity]} WHERE owner_id = $1`, {
    bind: [ownerId],
  });
  return (rows as { n: number }[])[0].n;
}
