import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';

/** Whether PostgreSQL knows the IANA zone `name` (the exports format dates in it). */
export async function isKnownTimeZone(sequelize: Sequelize, name: string): Promise<boolean> {
  return (
    (
      await sequelize.query('SELECT 1 FROM pg_timezone_names WHERE name = $1', {
        bind: [name],
        type: QueryTypes.SELECT,
      })
    ).length > 0
  );
}
