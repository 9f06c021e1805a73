import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { ConflictError, NotFoundError } from '../../domain/errors';

export type ReminderControl = 'ACTIVE' | 'PAUSED' | 'STOPPED';

/**
 * Pauses, resumes or stops one invoice's reminders; no date of the invoice changes (it is not
 * touched at all). A stop is for good: resuming or pausing a stopped invoice is a conflict.
 */
export async function setInvoiceReminderControl(
  sequelize: Sequelize,
  ownerId: string,
  invoiceId: string,
  control: ReminderControl,
): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const [invoice] = await sequelize.query<{ control: string | null }>(
      `SELECT rc.status AS control FROM invoices i LEFT JOIN invoice_reminder_controls rc ON rc.invoice_id = i.id WHERE i.id = $1 AND i.owner_id = $2 FOR UPDATE OF i`,
      { bind: [invoiceId, ownerId], type: QueryTypes.SELECT, transaction },
    );
    if (!invoice) throw new NotFoundError('Invoice');
    if (invoice.control === 'STOPPED' && control !== 'STOPPED')
      throw new ConflictError(
        'reminders_stopped',
        "This invoice's reminders were stopped for good; they cannot be paused or resumed",
      );
    if (control === 'ACTIVE')
      await sequelize.query(`DELETE FROM invoice_reminder_controls WHERE invoice_id = $1`, {
        bind: [invoiceId],
        transaction,
      });
    else
      await sequelize.query(
        `INSERT INTO invoice_reminder_controls (invoice_id, owner_id, status) VALUES ($1, $2, $3)
         ON CONFLICT (invoice_id) DO UPDATE SET status = EXCLUDED.status, changed_at = now()`,
        { bind: [invoiceId, ownerId, control], transaction },
      );
  });
}
