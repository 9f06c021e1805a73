import { Op } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { InvoiceItem } from '../models/InvoiceItem';

/** Whether one of an invoice's lines carries its own taxes (issue 30 §2): its e-invoices state one VAT rate a line. */
export async function hasTaxLines(_sequelize: Sequelize, invoiceId: string): Promise<boolean> {
  return (await InvoiceItem.count({ where: { invoice_id: invoiceId, taxes: { [Op.ne]: null } } })) > 0;
}
