import { type Sequelize } from 'sequelize-typescript';

/** One round trip to the database (readiness checks). */
export async function pingDatabase(sequelize: Sequelize): Promise<void> {
  await sequelize.query('SELECT 1');
}
