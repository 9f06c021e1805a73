import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { chainUnchainedRecords } from './frozen/2026.11.27T09.00.00.ledger-chain';
import { type Migration } from '../migrator';

const HASH = `char(64) NOT NULL CHECK (%s ~ '^[0-9a-f]{64}$')`;
const hash = (column: string) => `${column} ${HASH.replace('%s', column)}`;

/**
 * A ledger no one can rewrite silently (issue 32 §6, docs/ledger-integrity.md).
 *
 * - `ledger_records`: each studio's chain. Every issued invoice, issued credit note and row of the
 *   payments ledger is one record, numbered 1, 2, 3… per studio (gapless: appended under a lock per
 *   studio, db/commands/append-ledger-record.ts), with the SHA-256 of its content, the previous
 *   record's chain hash (64 zeros for the first) and its own chain hash (domain/ledger/). No foreign
 *   key to the rows it stands for: a row deleted by hand must leave its record behind, to be named.
 *   An insert must follow the studio's head (seq one more, previous hash the head's chain hash).
 * - `ledger_closures`: a day, month or fiscal year once ended, with its totals per currency and
 *   the chain's head at its end, chained to the studio's previous closure.
 * - Both are insert-only: a trigger refuses any UPDATE or DELETE (and TRUNCATE), except the purge
 *   of a studio's account (studio_purging(), migration 2026.11.24T00.00.00): a purged studio's
 *   chain goes with it.
 *
 * Backfill: the documents and payments written before this migration are chained here, per studio
 * in the order they were issued or recorded (invoices by issued_at, credit notes by issued_at,
 * payments-ledger rows by created_at; at the same instant invoices, then credit notes, then
 * payments, then by id), each recorded at that instant, by the chaining rule as it stood then
 * (./frozen/2026.11.27T09.00.00.ledger-chain.ts): a migration imports no live code.
 */
export const up: Migration['up'] = async ({ context }) => {
  const sequelize = context.sequelize as Sequelize;
  await sequelize.transaction(async (transaction) => {
    await sequelize.query(
      `
CREATE TABLE ledger_records (
  id bigserial PRIMARY KEY,
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  seq bigint NOT NULL CHECK (seq >= 1),
  record_type varchar(20) NOT NULL CHECK (record_type IN ('INVOICE_ISSUED', 'CREDIT_NOTE_ISSUED', 'PAYMENT', 'REFUND', 'REVERSAL')),
  record_id uuid NOT NULL,
  recorded_at timestamptz NOT NULL,
  ${hash('content_hash')},
  ${hash('previous_hash')},
  ${hash('chain_hash')},
  UNIQUE (owner_id, seq)
);
-- A row is chained once; the integrity check looks rows up by id.
CREATE UNIQUE INDEX ledger_records_record ON ledger_records (record_id);

CREATE TABLE ledger_closures (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  closure_seq integer NOT NULL CHECK (closure_seq >= 1),
  period_kind varchar(12) NOT NULL CHECK (period_kind IN ('DAY', 'MONTH', 'FISCAL_YEAR')),
  period_start date NOT NULL,
  period_end date NOT NULL CHECK (period_end >= period_start),
  time_zone varchar(64) NOT NULL,
  first_seq bigint CHECK (first_seq >= 1),
  head_seq bigint NOT NULL CHECK (head_seq >= 0),
  ${hash('head_hash')},
  record_count integer NOT NULL CHECK (record_count >= 0),
  totals jsonb NOT NULL CHECK (jsonb_typeof(totals) = 'object'),
  closed_at timestamptz NOT NULL,
  ${hash('previous_closure_hash')},
  ${hash('closure_hash')},
  UNIQUE (owner_id, closure_seq),
  UNIQUE (owner_id, period_kind, period_start),
  CHECK ((first_seq IS NULL) = (record_count = 0))
);

-- Appended at the head only: the next seq, linked to the head's chain hash.
CREATE FUNCTION ledger_records_follow_head() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head ledger_records;
BEGIN
  SELECT * INTO head FROM ledger_records WHERE owner_id = NEW.owner_id ORDER BY seq DESC LIMIT 1;
  IF NEW.seq <> COALESCE(head.seq, 0) + 1 OR NEW.previous_hash <> COALESCE(head.chain_hash, repeat('0', 64)) THEN
    RAISE EXCEPTION 'ledger record % does not follow the head of its chain (%)', NEW.seq, COALESCE(head.seq, 0)
      USING ERRCODE = 'SI409', HINT = 'ledger_append_only';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER ledger_records_append_at_head BEFORE INSERT ON ledger_records
  FOR EACH ROW EXECUTE FUNCTION ledger_records_follow_head();

CREATE FUNCTION ledger_chain_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'TRUNCATE' AND studio_purging() THEN RETURN OLD; END IF;
  RAISE EXCEPTION '% rows are never changed or deleted', TG_TABLE_NAME USING ERRCODE = 'SI409', HINT = 'ledger_append_only';
END $$;
CREATE TRIGGER ledger_records_insert_only BEFORE UPDATE OR DELETE ON ledger_records
  FOR EACH ROW EXECUTE FUNCTION ledger_chain_refuse_change();
CREATE TRIGGER ledger_records_no_truncate BEFORE TRUNCATE ON ledger_records
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_chain_refuse_change();
CREATE TRIGGER ledger_closures_insert_only BEFORE UPDATE OR DELETE ON ledger_closures
  FOR EACH ROW EXECUTE FUNCTION ledger_chain_refuse_change();
CREATE TRIGGER ledger_closures_no_truncate BEFORE TRUNCATE ON ledger_closures
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_chain_refuse_change();
`,
      { transaction },
    );
    const owners = await sequelize.query<{ owner_id: string }>(
      `SELECT owner_id FROM invoices WHERE status <> 'DRAFT'
       UNION SELECT owner_id FROM credit_notes UNION SELECT owner_id FROM invoice_payments`,
      { type: QueryTypes.SELECT, transaction },
    );
    for (const { owner_id: ownerId } of owners) await chainUnchainedRecords(sequelize, ownerId, transaction);
  });
};

export const down: Migration['down'] = async ({ context }) => {
  await context.sequelize.query(`
DROP TABLE ledger_closures;
DROP TABLE ledger_records;
DROP FUNCTION ledger_chain_refuse_change();
DROP FUNCTION ledger_records_follow_head();
`);
};
