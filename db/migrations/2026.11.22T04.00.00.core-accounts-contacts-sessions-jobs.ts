import { type Migration, runSql } from '../migrator';

/**
 * The core every capability stands on: organisations and users, contacts, sessions,
 * job runs (the dead-letter queue lives here) and the outbox of domain events.
 * Plain SQL so the constraints read as they are; valid on PostgreSQL 15 and 18.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
CREATE TABLE organizations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name varchar(255) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE RESTRICT,
  email varchar(255) NOT NULL,
  password_hash text NOT NULL,
  name varchar(255),
  role varchar(10) NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  locale varchar(5) NOT NULL DEFAULT 'fr-FR' CHECK (locale IN ('fr-FR', 'en-US')),
  plan varchar(20) NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'pro', 'studio')),
  tenant_slug varchar(63) CHECK (tenant_slug ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Emails are compared without case: Jane@Studio.fr and jane@studio.fr are one account.
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
CREATE UNIQUE INDEX users_tenant_slug_key ON users (tenant_slug) WHERE tenant_slug IS NOT NULL;
CREATE INDEX users_org_id_idx ON users (org_id);

CREATE TABLE contacts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  first_name varchar(100),
  last_name varchar(100),
  email varchar(255),
  phone_number varchar(50),
  street varchar(255),
  city varchar(100),
  zipcode varchar(20),
  country varchar(100),
  notes text,
  contact_type varchar(50),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT contacts_name_present CHECK (coalesce(btrim(first_name), '') <> '' OR coalesce(btrim(last_name), '') <> '')
);
CREATE INDEX contacts_owner_created_idx ON contacts (owner_id, created_at DESC, id);
CREATE INDEX contacts_owner_email_idx ON contacts (owner_id, lower(email));

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  contact_id uuid REFERENCES contacts(id) ON DELETE SET NULL,
  title varchar(255) NOT NULL CHECK (btrim(title) <> ''),
  status varchar(20) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'VALIDATED', 'COMPLETED', 'CANCELLED')),
  start_date timestamptz,
  end_date timestamptz,
  location varchar(255),
  user_rate_id uuid,
  notes text,
  user_session_type_id uuid,
  workflow_id uuid,
  session_info_template_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sessions_dates_ordered CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date)
);
CREATE INDEX sessions_owner_created_idx ON sessions (owner_id, created_at DESC, id);
CREATE INDEX sessions_contact_idx ON sessions (contact_id);

CREATE TABLE job_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  job_name varchar(100) NOT NULL,
  status varchar(10) NOT NULL DEFAULT 'RUNNING' CHECK (status IN ('RUNNING', 'COMPLETED', 'FAILED')),
  attempt integer NOT NULL DEFAULT 0 CHECK (attempt >= 0),
  entity_id varchar(100),
  org_id uuid REFERENCES organizations(id) ON DELETE SET NULL,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  result jsonb,
  workflow_id varchar(255) NOT NULL,
  run_id varchar(100),
  task_queue varchar(100) NOT NULL,
  workflow_type varchar(100) NOT NULL,
  request_id varchar(200),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  error text,
  in_dlq boolean NOT NULL DEFAULT false,
  replayed_by uuid REFERENCES job_runs(id) ON DELETE SET NULL,
  replay_of uuid REFERENCES job_runs(id) ON DELETE SET NULL,
  cost_cents integer CHECK (cost_cents >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT job_runs_dlq_only_failed CHECK (NOT in_dlq OR status = 'FAILED')
);
CREATE UNIQUE INDEX job_runs_workflow_id_key ON job_runs (workflow_id);
CREATE INDEX job_runs_dlq_idx ON job_runs (job_name, finished_at DESC) WHERE in_dlq;
CREATE INDEX job_runs_org_idx ON job_runs (org_id, started_at DESC);

-- Domain events written in the same transaction as the change; a relay hands them to Temporal.
CREATE TABLE outbox_events (
  id bigserial PRIMARY KEY,
  event_type varchar(50) NOT NULL CHECK (event_type IN (
    'SESSION_CREATED', 'SESSION_STATUS_CHANGED', 'CONTACT_CREATED', 'QUOTE_STATUS_CHANGED',
    'INVOICE_STATUS_CHANGED', 'PAYMENT_RECEIVED', 'FORM_SUBMITTED', 'SCHEDULED', 'SESSION_INFO_SUBMITTED')),
  entity_type varchar(20) NOT NULL CHECK (entity_type IN ('SESSION', 'CONTACT', 'QUOTE', 'INVOICE')),
  entity_id uuid NOT NULL,
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  request_id varchar(200),
  created_at timestamptz NOT NULL DEFAULT now(),
  dispatched_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX outbox_events_pending_idx ON outbox_events (id) WHERE dispatched_at IS NULL;
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(context, 'DROP TABLE outbox_events, job_runs, sessions, contacts, users, organizations CASCADE;');
