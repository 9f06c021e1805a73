import { type Migration, runSql } from '../migrator';

/**
 * A quote or an invoice may carry a payment schedule (issue 21 §1): its installments as the studio
 * set them (`[{percentage | amount, due: {type, days?, date?}}]`); amounts and due dates are
 * computed on read (domain/invoicing/payment-schedule.ts), so dates that follow the session move
 * with it. An issued invoice's schedule is part of the document and never changes.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE quotes ADD COLUMN payment_schedule jsonb CHECK (payment_schedule IS NULL OR jsonb_typeof(payment_schedule) = 'array');
ALTER TABLE invoices ADD COLUMN payment_schedule jsonb CHECK (payment_schedule IS NULL OR jsonb_typeof(payment_schedule) = 'array');
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    'ALTER TABLE quotes DROP COLUMN payment_schedule; ALTER TABLE invoices DROP COLUMN payment_schedule;',
  );
