import { type Sequelize } from 'sequelize-typescript';
import { EmailTracking } from '../models/EmailTracking';

// idempotency_key is unique per row: the request's key and the recipient's position.
export const trackingKey = (requestKey: string, index: number) => `${requestKey}#${index}`;

/** Whether the email of this send request was already recorded as sent (a retried activity). */
export async function wasEmailSent(_sequelize: Sequelize, requestKey: string): Promise<boolean> {
  return (await EmailTracking.count({ where: { idempotency_key: trackingKey(requestKey, 0), status: 'SENT' } })) > 0;
}
