import { type Migration, runSql } from '../migrator';

/**
 * E-reporting (issue 32 §4): the studio's VAT regime sets how often it reports
 * (domain/e-reporting/reporting-periods.ts); each report keeps its totals, and each record it
 * carried is listed once for good (`e_report_records`: an invoice, credit note or payment is
 * reported exactly once per flow; a late one goes into the next report as a correction).
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE user_company ADD COLUMN vat_regime varchar(30)
  CHECK (vat_regime IS NULL OR vat_regime IN ('REEL_NORMAL_MENSUEL', 'REEL_NORMAL_TRIMESTRIEL', 'REEL_SIMPLIFIE', 'FRANCHISE_EN_BASE'));

CREATE TABLE e_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  flow varchar(20) NOT NULL CHECK (flow IN ('TRANSACTIONS', 'PAYMENTS')),
  vat_regime varchar(30) NOT NULL,
  period_start date NOT NULL,
  period_end date NOT NULL CHECK (period_end >= period_start),
  content jsonb NOT NULL CHECK (jsonb_typeof(content) = 'object'),
  sha256 char(64) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT e_reports_one_per_period UNIQUE (owner_id, flow, period_start)
);
CREATE INDEX e_reports_owner_idx ON e_reports (owner_id, period_start DESC);

CREATE TABLE e_report_records (
  report_id uuid NOT NULL REFERENCES e_reports(id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  flow varchar(20) NOT NULL,
  record_kind varchar(20) NOT NULL CHECK (record_kind IN ('invoice', 'credit_note', 'payment')),
  record_id uuid NOT NULL,
  record_day date NOT NULL,
  PRIMARY KEY (owner_id, flow, record_kind, record_id)
);
CREATE INDEX e_report_records_report_idx ON e_report_records (report_id);

-- A report is what was declared: never changed, never deleted while its studio lives.
CREATE FUNCTION e_reports_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF studio_purging() THEN RETURN COALESCE(NEW, OLD); END IF;
  RAISE EXCEPTION 'an e-report is kept as it was made' USING ERRCODE = 'SI409', HINT = 'e_report_kept';
END $$;
CREATE TRIGGER e_reports_kept BEFORE UPDATE OR DELETE ON e_reports FOR EACH ROW EXECUTE FUNCTION e_reports_keep();
CREATE TRIGGER e_report_records_kept BEFORE UPDATE OR DELETE ON e_report_records
  FOR EACH ROW EXECUTE FUNCTION e_reports_keep();

-- A report sent through the studio's platform: its flow and the platform's answer.
CREATE TABLE e_report_transmissions (
  report_id uuid PRIMARY KEY REFERENCES e_reports(id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  flow_id text NOT NULL,
  status varchar(40) NOT NULL,
  reason text,
  sent_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
DROP TABLE e_report_transmissions;
DROP TABLE e_report_records;
DROP TABLE e_reports;
DROP FUNCTION e_reports_keep();
ALTER TABLE user_company DROP COLUMN vat_regime;
`,
  );
