import { type Transaction } from 'sequelize';
import { AuditLog } from '../models/AuditLog';

export const audit = (
  ownerId: string,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  id: string,
  metadata: Record<string, unknown>,
  transaction: Transaction,
  requestId?: string,
) =>
  AuditLog.create(
    {
      actor_id: ownerId,
      action,
      entity_type: 'SESSION_TYPE',
      entity_id: id,
      resource_owner_id: ownerId,
      request_id: requestId ?? null,
      metadata,
    },
    { transaction },
  );
