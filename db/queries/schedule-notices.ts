import { type Sequelize } from 'sequelize-typescript';
import { EmailTracking } from '../models/EmailTracking';

/** Whether that notice was sent already (a retried activity). */
export async function scheduleNoticeSent(_sequelize: Sequelize, key: string): Promise<boolean> {
  return (await EmailTracking.count({ where: { idempotency_key: key, status: 'SENT' } })) > 0;
}
