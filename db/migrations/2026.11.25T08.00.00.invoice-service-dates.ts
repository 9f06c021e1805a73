import { type Migration, runSql } from '../migrator';

/**
 * The service date of an issued invoice (issue 28 §2), kept from its issue like its buyer and VAT
 * summary, so that its pdf and its e-invoice (BT-72, or the period BT-73/BT-74) say the same day
 * however its session moves later: `service_date`, and `service_end_date` when the service spans
 * several days. The issue sets them (domain/invoicing/service-delivery.ts); a draft has none.
 *
 * Invoices issued before this migration get their issue day: the day their e-invoices have always
 * stated as the delivery date (BT-72), so no document already sent is restated. The immutability
 * trigger is off for that one statement, inside this migration's transaction.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE invoices ADD COLUMN service_date date, ADD COLUMN service_end_date date,
  ADD CONSTRAINT invoices_service_period CHECK (service_end_date IS NULL OR (service_date IS NOT NULL AND service_end_date > service_date));
ALTER TABLE invoices DISABLE TRIGGER invoices_immutable_once_issued;
UPDATE invoices i SET service_date = (i.issued_at AT TIME ZONE u.time_zone)::date
FROM users u WHERE u.id = i.owner_id AND i.issued_at IS NOT NULL AND i.status <> 'DRAFT';
ALTER TABLE invoices ENABLE TRIGGER invoices_immutable_once_issued;
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    'ALTER TABLE invoices DROP CONSTRAINT invoices_service_period, DROP COLUMN service_end_date, DROP COLUMN service_date;',
  );
