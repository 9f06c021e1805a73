import { type Migration, runSql } from '../migrator';

/**
 * Payment provider webhook events already applied. The row is written in the transaction that
 * applies the event, so a redelivered event (same provider and event id) finds it and changes
 * nothing, however long after the first delivery it comes.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
CREATE TABLE processed_provider_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider varchar(20) NOT NULL CHECK (provider IN ('cardprovider', 'walletprovider')),
  event_id text NOT NULL,
  event_type text NOT NULL,
  invoice_id uuid REFERENCES invoices(id) ON DELETE SET NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT processed_provider_events_once UNIQUE (provider, event_id)
);
`,
  );

export const down: Migration['down'] = ({ context }) => runSql(context, 'DROP TABLE processed_provider_events;');
