import { QueryTypes } from 'sequelize';
import { type ConditionGroup, migrateInvoiceConditions } from './frozen/2026.11.24T00.05.00.legacy-invoice-conditions';
import { type Migration } from '../migrator';

/**
 * Stored trigger conditions on invoice events follow the new vocabulary (issue 20): `status` =
 * PAID becomes `payment_status` = PAID, SENT and OVERDUE become ISSUED
 * (./frozen/2026.11.24T00.05.00.legacy-invoice-conditions.ts, the rule as it stood then). Not
 * reversible: `down` keeps them.
 */
export const up: Migration['up'] = async ({ context }) => {
  const sequelize = context.sequelize;
  await sequelize.transaction(async (transaction) => {
    const rows = await sequelize.query<{ id: string; conditions: ConditionGroup }>(
      `SELECT id, conditions FROM workflow_triggers WHERE trigger_event IN ('INVOICE_STATUS_CHANGED', 'PAYMENT_RECEIVED')`,
      { type: QueryTypes.SELECT, transaction },
    );
    for (const row of rows) {
      const migrated = migrateInvoiceConditions(row.conditions);
      if (JSON.stringify(migrated) === JSON.stringify(row.conditions)) continue;
      await sequelize.query('UPDATE workflow_triggers SET conditions = $1::jsonb, updated_at = now() WHERE id = $2', {
        bind: [JSON.stringify(migrated), row.id],
        transaction,
      });
    }
  });
};

export const down: Migration['down'] = async () => {};
