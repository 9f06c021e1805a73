import { type Sequelize } from 'sequelize-typescript';

/**
 * Records that a studio handled an incoming flow of its platform (issue 32 §3): read into a
 * purchase invoice, or kept with the problem that made it unreadable. Once per flow: a second pass
 * over the same flow keeps the first record.
 */
export async function recordInboxFlow(
  sequelize: Sequelize,
  ownerId: string,
  flowId: string,
  outcome: { purchaseInvoiceId: string | null; problem: string | null },
): Promise<void> {
  await sequelize.query(
    `INSERT INTO platform_inbox (owner_id, flow_id, purchase_invoice_id, problem)
     VALUES ($1, $2, $3, $4) ON CONFLICT (owner_id, flow_id) DO NOTHING`,
    { bind: [ownerId, flowId, outcome.purchaseInvoiceId, outcome.problem?.slice(0, 2000) ?? null] },
  );
}

/** Moves a studio's inbox mark to `at` (the start of a pass that read every flow before it). */
export async function markInboxRead(sequelize: Sequelize, ownerId: string, at: Date): Promise<void> {
  await sequelize.query(
    `UPDATE platform_connections SET inbox_read_at = GREATEST(COALESCE(inbox_read_at, $2), $2) WHERE owner_id = $1`,
    { bind: [ownerId, at] },
  );
}
