import { type Migration, runSql } from '../migrator';

/**
 * Everything the studio capabilities store beside the core: templates (email, SMS, session
 * info), workflows and their triggers, quotes and invoices with payments, exports and files,
 * the client portal. Plain SQL so the constraints read as they are; valid on PostgreSQL 15 and 18.
 * Rows with owner_id NULL are system rows (seeded), told apart by their business_key.
 * docs/data-model.md explains the choices the spec leaves open.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
-- ── Messaging templates ─────────────────────────────────────────────────────────────────────

CREATE TABLE email_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid REFERENCES users(id) ON DELETE CASCADE,
  identifier varchar(150),
  business_key varchar(100) CHECK (business_key ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  locale varchar(5) NOT NULL DEFAULT 'fr-FR' CHECK (locale IN ('fr-FR', 'en-US')),
  name varchar(255),
  subject varchar(500) NOT NULL CHECK (btrim(subject) <> ''),
  body_html text NOT NULL,
  body_text text,
  variables jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(variables) = 'array'),
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- A system template is found by its key; a user's own template may be free-standing.
  CONSTRAINT email_templates_system_keyed CHECK (owner_id IS NOT NULL OR (business_key IS NOT NULL AND identifier IS NOT NULL))
);
-- NULL owner_id is distinct in a plain unique index: system rows get an index of their own.
CREATE UNIQUE INDEX email_templates_system_key ON email_templates (business_key, locale) WHERE owner_id IS NULL;
CREATE UNIQUE INDEX email_templates_owner_key ON email_templates (owner_id, business_key, locale)
  WHERE owner_id IS NOT NULL AND business_key IS NOT NULL;
CREATE INDEX email_templates_owner_created_idx ON email_templates (owner_id, created_at DESC, id);

CREATE TABLE sms_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid REFERENCES users(id) ON DELETE CASCADE,
  business_key varchar(100) CHECK (business_key ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name varchar(255) NOT NULL CHECK (btrim(name) <> ''),
  -- 10 concatenated SMS segments at most; longer texts are a mistake, not a message.
  message text NOT NULL CHECK (btrim(message) <> '' AND length(message) <= 1600),
  locale varchar(5) NOT NULL DEFAULT 'fr-FR' CHECK (locale IN ('fr-FR', 'en-US')),
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sms_templates_system_keyed CHECK (owner_id IS NOT NULL OR business_key IS NOT NULL)
);
CREATE UNIQUE INDEX sms_templates_system_key ON sms_templates (business_key, locale) WHERE owner_id IS NULL;
CREATE UNIQUE INDEX sms_templates_owner_key ON sms_templates (owner_id, business_key, locale)
  WHERE owner_id IS NOT NULL AND business_key IS NOT NULL;
CREATE INDEX sms_templates_owner_created_idx ON sms_templates (owner_id, created_at DESC, id);

-- ── Workflows ───────────────────────────────────────────────────────────────────────────────

CREATE TABLE workflows (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid REFERENCES users(id) ON DELETE CASCADE,
  name varchar(255) NOT NULL CHECK (btrim(name) <> ''),
  description text,
  is_template boolean NOT NULL DEFAULT false,
  generation integer NOT NULL DEFAULT 2 CHECK (generation >= 1),
  business_key varchar(100) CHECK (business_key ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  source_workflow_id uuid REFERENCES workflows(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT workflows_system_is_keyed_template CHECK (owner_id IS NOT NULL OR (is_template AND business_key IS NOT NULL))
);
CREATE UNIQUE INDEX workflows_system_key ON workflows (business_key) WHERE owner_id IS NULL;
CREATE INDEX workflows_owner_created_idx ON workflows (owner_id, created_at DESC, id);

CREATE TABLE workflow_tasks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workflow_id uuid NOT NULL REFERENCES workflows(id) ON DELETE CASCADE,
  business_key varchar(100) CHECK (business_key ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name varchar(255) NOT NULL CHECK (btrim(name) <> ''),
  description text,
  action text,
  task_type varchar(30) NOT NULL DEFAULT 'MANUAL'
    CHECK (task_type IN ('AUTOMATIC_SMS', 'AUTOMATIC_EMAIL', 'SEND_SESSION_INFO_INVITE', 'MANUAL')),
  sms_template_id uuid REFERENCES sms_templates(id) ON DELETE SET NULL,
  email_template_id uuid REFERENCES email_templates(id) ON DELETE SET NULL,
  -- Days after the workflow is applied to the session.
  delay_days integer NOT NULL DEFAULT 0 CHECK (delay_days BETWEEN 0 AND 3650),
  display_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX workflow_tasks_workflow_idx ON workflow_tasks (workflow_id, display_order, id);
CREATE UNIQUE INDEX workflow_tasks_business_key ON workflow_tasks (workflow_id, business_key) WHERE business_key IS NOT NULL;
CREATE INDEX workflow_tasks_sms_template_idx ON workflow_tasks (sms_template_id) WHERE sms_template_id IS NOT NULL;
CREATE INDEX workflow_tasks_email_template_idx ON workflow_tasks (email_template_id) WHERE email_template_id IS NOT NULL;

CREATE TABLE workflow_task_actions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workflow_task_id uuid NOT NULL REFERENCES workflow_tasks(id) ON DELETE CASCADE,
  action_type varchar(30) NOT NULL
    CHECK (action_type IN ('AUTOMATIC_SMS', 'AUTOMATIC_EMAIL', 'SEND_SESSION_INFO_INVITE', 'MANUAL')),
  config jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(config) = 'object'),
  display_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX workflow_task_actions_task_idx ON workflow_task_actions (workflow_task_id, display_order, id);

-- ── Session types and session-info templates ────────────────────────────────────────────────

CREATE TABLE user_session_types (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid REFERENCES users(id) ON DELETE CASCADE,
  name varchar(255) NOT NULL CHECK (btrim(name) <> ''),
  description text,
  duration_minutes integer CHECK (duration_minutes > 0 AND duration_minutes <= 10080),
  price decimal(10,2) NOT NULL DEFAULT 0 CHECK (price >= 0),
  vat_percentage decimal(5,2) NOT NULL DEFAULT 0 CHECK (vat_percentage >= 0 AND vat_percentage <= 100),
  default_workflow_id uuid REFERENCES workflows(id) ON DELETE SET NULL,
  display_order integer NOT NULL DEFAULT 0,
  business_key varchar(100) CHECK (business_key ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT user_session_types_system_keyed CHECK (owner_id IS NOT NULL OR business_key IS NOT NULL)
);
CREATE UNIQUE INDEX user_session_types_system_key ON user_session_types (business_key) WHERE owner_id IS NULL;
CREATE UNIQUE INDEX user_session_types_owner_key ON user_session_types (owner_id, business_key)
  WHERE owner_id IS NOT NULL AND business_key IS NOT NULL;
CREATE INDEX user_session_types_owner_created_idx ON user_session_types (owner_id, created_at DESC, id);
CREATE INDEX user_session_types_workflow_idx ON user_session_types (default_workflow_id) WHERE default_workflow_id IS NOT NULL;

CREATE TABLE base_session_info_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name varchar(255) NOT NULL CHECK (btrim(name) <> ''),
  description text,
  default_session_type_id uuid REFERENCES user_session_types(id) ON DELETE SET NULL,
  display_order integer NOT NULL DEFAULT 0,
  locale varchar(5) NOT NULL DEFAULT 'fr-FR' CHECK (locale IN ('fr-FR', 'en-US')),
  -- Seeded rows carry a key (one per locale); templates an admin adds later may not.
  business_key varchar(100) CHECK (business_key ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT base_session_info_templates_key UNIQUE (business_key, locale)
);
CREATE INDEX base_session_info_templates_type_idx ON base_session_info_templates (default_session_type_id, display_order);

-- Options of a SELECT are a non-empty array of strings; other types may carry none or an array.
CREATE TABLE base_session_info_template_fields (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  template_id uuid NOT NULL REFERENCES base_session_info_templates(id) ON DELETE CASCADE,
  field_key varchar(100) NOT NULL CHECK (field_key ~ '^[a-z][a-z0-9_]*$'),
  label varchar(255) NOT NULL CHECK (btrim(label) <> ''),
  field_type varchar(10) NOT NULL CHECK (field_type IN ('TEXT', 'TEXTAREA', 'DATE', 'NUMBER', 'SELECT')),
  options jsonb,
  is_required boolean NOT NULL DEFAULT false,
  display_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT base_session_info_template_fields_key UNIQUE (template_id, field_key),
  -- CASE fixes the evaluation order: jsonb_array_length fails on anything but an array.
  CONSTRAINT base_session_info_template_fields_options CHECK (CASE
    WHEN options IS NULL THEN field_type <> 'SELECT'
    WHEN jsonb_typeof(options) <> 'array' THEN false
    WHEN jsonb_path_exists(options, '$[*] ? (@.type() != "string")') THEN false
    ELSE field_type <> 'SELECT' OR jsonb_array_length(options) > 0 END)
);
CREATE INDEX base_session_info_template_fields_order_idx ON base_session_info_template_fields (template_id, display_order, id);

CREATE TABLE user_session_info_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  base_template_id uuid REFERENCES base_session_info_templates(id) ON DELETE SET NULL,
  name varchar(255) NOT NULL CHECK (btrim(name) <> ''),
  description text,
  locale varchar(5) CHECK (locale IN ('fr-FR', 'en-US')),
  display_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One copy of a base template per user: copying again finds it instead of duplicating it.
CREATE UNIQUE INDEX user_session_info_templates_base_key ON user_session_info_templates (owner_id, base_template_id)
  WHERE base_template_id IS NOT NULL;
CREATE INDEX user_session_info_templates_owner_created_idx ON user_session_info_templates (owner_id, created_at DESC, id);
CREATE INDEX user_session_info_templates_base_idx ON user_session_info_templates (base_template_id) WHERE base_template_id IS NOT NULL;

CREATE TABLE user_session_info_template_fields (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  template_id uuid NOT NULL REFERENCES user_session_info_templates(id) ON DELETE CASCADE,
  field_key varchar(100) NOT NULL CHECK (field_key ~ '^[a-z][a-z0-9_]*$'),
  label varchar(255) NOT NULL CHECK (btrim(label) <> ''),
  field_type varchar(10) NOT NULL CHECK (field_type IN ('TEXT', 'TEXTAREA', 'DATE', 'NUMBER', 'SELECT')),
  options jsonb,
  is_required boolean NOT NULL DEFAULT false,
  display_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT user_session_info_template_fields_key UNIQUE (template_id, field_key),
  CONSTRAINT user_session_info_template_fields_options CHECK (CASE
    WHEN options IS NULL THEN field_type <> 'SELECT'
    WHEN jsonb_typeof(options) <> 'array' THEN false
    WHEN jsonb_path_exists(options, '$[*] ? (@.type() != "string")') THEN false
    ELSE field_type <> 'SELECT' OR jsonb_array_length(options) > 0 END)
);
CREATE INDEX user_session_info_template_fields_order_idx ON user_session_info_template_fields (template_id, display_order, id);

-- ── Sessions: the references the core left as plain columns, extra contacts, client answers ──

ALTER TABLE sessions
  ADD CONSTRAINT sessions_user_session_type_id_fkey FOREIGN KEY (user_session_type_id) REFERENCES user_session_types(id) ON DELETE SET NULL,
  ADD CONSTRAINT sessions_workflow_id_fkey FOREIGN KEY (workflow_id) REFERENCES workflows(id) ON DELETE SET NULL,
  ADD CONSTRAINT sessions_session_info_template_id_fkey FOREIGN KEY (session_info_template_id)
    REFERENCES user_session_info_templates(id) ON DELETE SET NULL;
-- Indexed so deleting a type, workflow or template does not scan every session.
CREATE INDEX sessions_user_session_type_idx ON sessions (user_session_type_id) WHERE user_session_type_id IS NOT NULL;
CREATE INDEX sessions_workflow_idx ON sessions (workflow_id) WHERE workflow_id IS NOT NULL;
CREATE INDEX sessions_session_info_template_idx ON sessions (session_info_template_id) WHERE session_info_template_id IS NOT NULL;

-- sessions.contact_id is the main contact; these are the others (second spouse, assistant, ...).
CREATE TABLE session_contacts (
  session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  role varchar(50),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session_id, contact_id)
);
CREATE INDEX session_contacts_contact_idx ON session_contacts (contact_id);

CREATE TABLE client_infos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  session_id uuid NOT NULL UNIQUE REFERENCES sessions(id) ON DELETE CASCADE,
  template_id uuid REFERENCES user_session_info_templates(id) ON DELETE SET NULL,
  responses jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(responses) = 'object'),
  submitted_via varchar(15) CHECK (submitted_via IN ('USER', 'CLIENT_PORTAL')),
  submitted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_infos_template_idx ON client_infos (template_id) WHERE template_id IS NOT NULL;

-- ── Workflow triggers and runs ──────────────────────────────────────────────────────────────

CREATE TABLE workflow_triggers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workflow_id uuid NOT NULL REFERENCES workflows(id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name varchar(255) NOT NULL CHECK (btrim(name) <> ''),
  trigger_event varchar(50) NOT NULL CHECK (trigger_event IN (
    'SESSION_CREATED', 'SESSION_STATUS_CHANGED', 'CONTACT_CREATED', 'QUOTE_STATUS_CHANGED',
    'INVOICE_STATUS_CHANGED', 'PAYMENT_RECEIVED', 'FORM_SUBMITTED', 'SCHEDULED', 'SESSION_INFO_SUBMITTED')),
  conditions jsonb NOT NULL DEFAULT '{"operator": "AND", "conditions": []}'::jsonb CHECK (jsonb_typeof(conditions) = 'object'),
  is_active boolean NOT NULL DEFAULT true,
  execution_order integer NOT NULL DEFAULT 0,
  schedule_config jsonb CHECK (schedule_config IS NULL OR jsonb_typeof(schedule_config) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The evaluation query: the owner's active triggers for one event, in execution order.
CREATE INDEX workflow_triggers_evaluation_idx ON workflow_triggers (owner_id, trigger_event, execution_order, id) WHERE is_active;
CREATE INDEX workflow_triggers_workflow_idx ON workflow_triggers (workflow_id, execution_order, id);
CREATE INDEX workflow_triggers_owner_created_idx ON workflow_triggers (owner_id, created_at DESC, id);

CREATE TABLE workflow_trigger_executions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  trigger_id uuid NOT NULL REFERENCES workflow_triggers(id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  entity_type varchar(20) NOT NULL CHECK (entity_type IN ('SESSION', 'CONTACT', 'QUOTE', 'INVOICE')),
  entity_id uuid NOT NULL,
  event_type varchar(50) NOT NULL CHECK (event_type IN (
    'SESSION_CREATED', 'SESSION_STATUS_CHANGED', 'CONTACT_CREATED', 'QUOTE_STATUS_CHANGED',
    'INVOICE_STATUS_CHANGED', 'PAYMENT_RECEIVED', 'FORM_SUBMITTED', 'SCHEDULED', 'SESSION_INFO_SUBMITTED')),
  status varchar(10) NOT NULL DEFAULT 'RUNNING' CHECK (status IN ('RUNNING', 'COMPLETED', 'FAILED', 'SKIPPED')),
  error_message text,
  job_run_id uuid REFERENCES job_runs(id) ON DELETE SET NULL,
  finished_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The spec's duplicate guard: a trigger runs at most once per entity.
  CONSTRAINT workflow_trigger_executions_once UNIQUE (trigger_id, entity_type, entity_id),
  CONSTRAINT workflow_trigger_executions_failed_has_message CHECK (status <> 'FAILED' OR error_message IS NOT NULL)
);
CREATE INDEX workflow_trigger_executions_history_idx ON workflow_trigger_executions (trigger_id, created_at DESC, id);
CREATE INDEX workflow_trigger_executions_owner_idx ON workflow_trigger_executions (owner_id, created_at DESC);
CREATE INDEX workflow_trigger_executions_job_run_idx ON workflow_trigger_executions (job_run_id) WHERE job_run_id IS NOT NULL;

CREATE TABLE session_workflow_task_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  workflow_id uuid NOT NULL REFERENCES workflows(id) ON DELETE CASCADE,
  workflow_task_id uuid NOT NULL REFERENCES workflow_tasks(id) ON DELETE CASCADE,
  status varchar(10) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'RUNNING', 'COMPLETED', 'FAILED', 'SKIPPED')),
  scheduled_at timestamptz,
  started_at timestamptz,
  finished_at timestamptz,
  error text,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(metadata) = 'object'),
  job_run_id uuid REFERENCES job_runs(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT session_workflow_task_runs_once UNIQUE (session_id, workflow_task_id)
);
CREATE INDEX session_workflow_task_runs_task_idx ON session_workflow_task_runs (workflow_task_id);
CREATE INDEX session_workflow_task_runs_workflow_idx ON session_workflow_task_runs (workflow_id);
CREATE INDEX session_workflow_task_runs_due_idx ON session_workflow_task_runs (scheduled_at) WHERE status = 'PENDING';

-- ── Quotes, invoices, payments ──────────────────────────────────────────────────────────────

CREATE TABLE quotes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_id uuid REFERENCES sessions(id) ON DELETE SET NULL,
  contact_id uuid REFERENCES contacts(id) ON DELETE SET NULL,
  title varchar(255) NOT NULL CHECK (btrim(title) <> ''),
  description text,
  amount decimal(10,2) NOT NULL DEFAULT 0 CHECK (amount >= 0),
  status varchar(10) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'ACCEPTED', 'REJECTED')),
  valid_until date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quotes_owner_created_idx ON quotes (owner_id, created_at DESC, id);
CREATE INDEX quotes_owner_title_idx ON quotes (owner_id, lower(title));
CREATE INDEX quotes_session_idx ON quotes (session_id) WHERE session_id IS NOT NULL;
CREATE INDEX quotes_contact_idx ON quotes (contact_id) WHERE contact_id IS NOT NULL;

CREATE TABLE quote_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  quote_id uuid NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  item_type varchar(15) NOT NULL DEFAULT 'BLANK' CHECK (item_type IN ('BLANK', 'TEXT', 'SESSION_TYPE', 'DISCOUNT')),
  description text,
  quantity decimal(10,2) NOT NULL DEFAULT 1.0 CHECK (quantity >= 0),
  price_with_tax decimal(10,2) NOT NULL DEFAULT 0,
  vat_percentage decimal(5,2) NOT NULL DEFAULT 0 CHECK (vat_percentage >= 0 AND vat_percentage <= 100),
  price_without_tax decimal(10,2) NOT NULL DEFAULT 0,
  discount_percentage decimal(5,2) NOT NULL DEFAULT 0 CHECK (discount_percentage >= 0 AND discount_percentage <= 100),
  total decimal(10,2) NOT NULL DEFAULT 0,
  display_order integer NOT NULL DEFAULT 0,
  user_session_type_id uuid REFERENCES user_session_types(id) ON DELETE SET NULL,
  discount_amount decimal(10,2) CHECK (discount_amount >= 0),
  discount_type varchar(20) CHECK (discount_type IN ('PERCENTAGE_OF_TOTAL', 'FIXED_WITH_TAX', 'FIXED_WITHOUT_TAX')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quote_items_quote_idx ON quote_items (quote_id, display_order, id);
CREATE INDEX quote_items_session_type_idx ON quote_items (user_session_type_id) WHERE user_session_type_id IS NOT NULL;

CREATE TABLE invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_id uuid REFERENCES sessions(id) ON DELETE SET NULL,
  quote_id uuid REFERENCES quotes(id) ON DELETE SET NULL,
  contact_id uuid REFERENCES contacts(id) ON DELETE SET NULL,
  title text NOT NULL CHECK (btrim(title) <> ''),
  description text,
  amount decimal(10,2) NOT NULL DEFAULT 0 CHECK (amount >= 0),
  status varchar(10) NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'SENT', 'PAID', 'OVERDUE')),
  due_date date,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoices_owner_created_idx ON invoices (owner_id, created_at DESC, id);
CREATE INDEX invoices_owner_title_idx ON invoices (owner_id, lower(title));
CREATE INDEX invoices_session_idx ON invoices (session_id) WHERE session_id IS NOT NULL;
CREATE INDEX invoices_quote_idx ON invoices (quote_id) WHERE quote_id IS NOT NULL;
CREATE INDEX invoices_contact_idx ON invoices (contact_id) WHERE contact_id IS NOT NULL;

CREATE TABLE invoice_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  invoice_id uuid NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  item_type varchar(15) NOT NULL DEFAULT 'BLANK' CHECK (item_type IN ('BLANK', 'TEXT', 'SESSION_TYPE', 'DISCOUNT')),
  description text,
  quantity decimal(10,2) NOT NULL DEFAULT 1.0 CHECK (quantity >= 0),
  price_with_tax decimal(10,2) NOT NULL DEFAULT 0,
  vat_percentage decimal(5,2) NOT NULL DEFAULT 0 CHECK (vat_percentage >= 0 AND vat_percentage <= 100),
  price_without_tax decimal(10,2) NOT NULL DEFAULT 0,
  discount_percentage decimal(5,2) NOT NULL DEFAULT 0 CHECK (discount_percentage >= 0 AND discount_percentage <= 100),
  total decimal(10,2) NOT NULL DEFAULT 0,
  display_order integer NOT NULL DEFAULT 0,
  user_session_type_id uuid REFERENCES user_session_types(id) ON DELETE SET NULL,
  discount_amount decimal(10,2) CHECK (discount_amount >= 0),
  discount_type varchar(20) CHECK (discount_type IN ('PERCENTAGE_OF_TOTAL', 'FIXED_WITH_TAX', 'FIXED_WITHOUT_TAX')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoice_items_invoice_idx ON invoice_items (invoice_id, display_order, id);
CREATE INDEX invoice_items_session_type_idx ON invoice_items (user_session_type_id) WHERE user_session_type_id IS NOT NULL;

-- Statuses are the providers' own words (card: payment intent; wallet: order), in their case.
CREATE TABLE cardprovider_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  invoice_id uuid NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  payment_intent_id text NOT NULL UNIQUE,
  amount decimal(10,2) NOT NULL CHECK (amount > 0),
  currency varchar(3) NOT NULL DEFAULT 'eur' CHECK (currency ~ '^[a-z]{3}$'),
  status varchar(30) NOT NULL DEFAULT 'pending' CHECK (status IN (
    'pending', 'requires_payment_method', 'requires_confirmation', 'requires_action', 'processing',
    'requires_capture', 'succeeded', 'failed', 'canceled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One payment per invoice, no partial payments: at most one succeeded intent. Failed or
-- abandoned attempts stay as history.
CREATE UNIQUE INDEX cardprovider_payments_one_succeeded ON cardprovider_payments (invoice_id) WHERE status = 'succeeded';
CREATE INDEX cardprovider_payments_invoice_idx ON cardprovider_payments (invoice_id, created_at DESC);

CREATE TABLE walletprovider_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  invoice_id uuid NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  order_id text NOT NULL UNIQUE,
  amount decimal(10,2) NOT NULL CHECK (amount > 0),
  currency varchar(3) NOT NULL DEFAULT 'EUR' CHECK (currency ~ '^[A-Z]{3}$'),
  status varchar(30) NOT NULL DEFAULT 'CREATED' CHECK (status IN (
    'CREATED', 'SAVED', 'APPROVED', 'PAYER_ACTION_REQUIRED', 'COMPLETED', 'VOIDED', 'FAILED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX walletprovider_payments_one_completed ON walletprovider_payments (invoice_id) WHERE status = 'COMPLETED';
CREATE INDEX walletprovider_payments_invoice_idx ON walletprovider_payments (invoice_id, created_at DESC);

-- French company identifiers: SIREN is 9 digits, SIRET is the SIREN plus a 5-digit site number.
CREATE TABLE user_company (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  company_name varchar(255) NOT NULL CHECK (btrim(company_name) <> ''),
  siren varchar(9) CHECK (siren ~ '^[0-9]{9}$'),
  siret varchar(14) CHECK (siret ~ '^[0-9]{14}$'),
  vat_number varchar(20),
  company_street varchar(255),
  company_zipcode varchar(20),
  company_city varchar(100),
  company_country varchar(100),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT user_company_siret_extends_siren CHECK (siren IS NULL OR siret IS NULL OR left(siret, 9) = siren)
);

-- Append-only: no updated_at. action and entity_type are open lists (spec: "and others").
CREATE TABLE audit_logs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
  action varchar(30) NOT NULL CHECK (action ~ '^[A-Z][A-Z_]*$'),
  entity_type varchar(30) NOT NULL CHECK (entity_type ~ '^[A-Z][A-Z_]*$'),
  entity_id uuid,
  resource_owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(metadata) = 'object'),
  request_id varchar(200),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_logs_owner_created_idx ON audit_logs (resource_owner_id, created_at DESC);
CREATE INDEX audit_logs_entity_idx ON audit_logs (entity_type, entity_id, created_at DESC);

-- ── Files ───────────────────────────────────────────────────────────────────────────────────

CREATE TABLE file_objects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  provider varchar(20) NOT NULL DEFAULT 's3' CHECK (provider IN ('s3')),
  bucket varchar(255) NOT NULL,
  key varchar(1024) NOT NULL CHECK (key <> '' AND left(key, 1) <> '/'),
  content_type varchar(255) NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  checksum varchar(128),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  file_name varchar(255),
  file_url text,
  is_image boolean,
  updated_at timestamptz DEFAULT now(),
  entity_type varchar(20) CHECK (entity_type IN (
    'session', 'contact', 'export', 'quote', 'invoice', 'contract', 'document', 'avatar', 'logo', 'ai-report')),
  entity_id uuid,
  CONSTRAINT file_objects_bucket_key UNIQUE (bucket, key),
  CONSTRAINT file_objects_entity_typed CHECK (entity_id IS NULL OR entity_type IS NOT NULL)
);
CREATE INDEX file_objects_org_created_idx ON file_objects (org_id, created_at DESC, id);
CREATE INDEX file_objects_entity_idx ON file_objects (entity_type, entity_id) WHERE entity_type IS NOT NULL;
CREATE INDEX file_objects_created_idx ON file_objects (created_at);
CREATE INDEX file_objects_key_idx ON file_objects (key);

-- Legacy per-entity file tables, kept (the spec's storage rules still read them).
CREATE TABLE session_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  file_name varchar(255) NOT NULL,
  file_url text,
  key varchar(1024) NOT NULL,
  content_type varchar(255),
  size_bytes bigint CHECK (size_bytes >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX session_files_session_idx ON session_files (session_id, created_at DESC);
CREATE INDEX session_files_key_idx ON session_files (key);

CREATE TABLE contact_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  file_name varchar(255) NOT NULL,
  file_url text,
  key varchar(1024) NOT NULL,
  content_type varchar(255),
  size_bytes bigint CHECK (size_bytes >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_files_contact_idx ON contact_files (contact_id, created_at DESC);
CREATE INDEX contact_files_key_idx ON contact_files (key);

CREATE TABLE documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
  session_id uuid REFERENCES sessions(id) ON DELETE SET NULL,
  contact_id uuid REFERENCES contacts(id) ON DELETE SET NULL,
  file_object_id uuid REFERENCES file_objects(id) ON DELETE SET NULL,
  name varchar(255) NOT NULL CHECK (btrim(name) <> ''),
  document_type varchar(20) NOT NULL DEFAULT 'OTHER'
    CHECK (document_type IN ('CONTRACT', 'QUOTE', 'INVOICE', 'RELEASE_FORM', 'MOODBOARD', 'PHOTO', 'OTHER')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_owner_created_idx ON documents (owner_id, created_at DESC, id);
CREATE INDEX documents_file_object_idx ON documents (file_object_id) WHERE file_object_id IS NOT NULL;
CREATE INDEX documents_session_idx ON documents (session_id) WHERE session_id IS NOT NULL;
CREATE INDEX documents_contact_idx ON documents (contact_id) WHERE contact_id IS NOT NULL;
CREATE INDEX documents_uploaded_by_idx ON documents (uploaded_by) WHERE uploaded_by IS NOT NULL;

-- One read path over old and new storage: legacy rows plus file objects attached to the entity.
CREATE VIEW session_files_view AS
  SELECT sf.id, sf.session_id, sf.file_name, sf.file_url, sf.key, sf.content_type, sf.size_bytes,
         sf.created_at, NULL::varchar(255) AS bucket, 'session_files'::text AS source
    FROM session_files sf
  UNION ALL
  SELECT fo.id, fo.entity_id, coalesce(fo.file_name, regexp_replace(fo.key, '^.*/', ''))::varchar(255), fo.file_url,
         fo.key, fo.content_type, fo.size_bytes, fo.created_at, fo.bucket, 'file_objects'::text
    FROM file_objects fo
   WHERE fo.entity_type = 'session' AND fo.entity_id IS NOT NULL;

CREATE VIEW contact_files_view AS
  SELECT cf.id, cf.contact_id, cf.file_name, cf.file_url, cf.key, cf.content_type, cf.size_bytes,
         cf.created_at, NULL::varchar(255) AS bucket, 'contact_files'::text AS source
    FROM contact_files cf
  UNION ALL
  SELECT fo.id, fo.entity_id, coalesce(fo.file_name, regexp_replace(fo.key, '^.*/', ''))::varchar(255), fo.file_url,
         fo.key, fo.content_type, fo.size_bytes, fo.created_at, fo.bucket, 'file_objects'::text
    FROM file_objects fo
   WHERE fo.entity_type = 'contact' AND fo.entity_id IS NOT NULL;

-- ── Exports ─────────────────────────────────────────────────────────────────────────────────

CREATE TABLE export_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name varchar(255) NOT NULL CHECK (btrim(name) <> ''),
  description text,
  entity varchar(10) NOT NULL CHECK (entity IN ('contacts', 'sessions', 'quotes', 'invoices')),
  format varchar(5) NOT NULL CHECK (format IN ('csv', 'excel', 'pdf')),
  selected_fields text[] NOT NULL CHECK (cardinality(selected_fields) > 0),
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- At most one default per owner, entity and format (the api unsets the others in the same tx).
CREATE UNIQUE INDEX export_templates_one_default ON export_templates (owner_id, entity, format) WHERE is_default;
CREATE INDEX export_templates_owner_created_idx ON export_templates (owner_id, created_at DESC, id);

CREATE TABLE scheduled_exports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  entity varchar(10) NOT NULL CHECK (entity IN ('contacts', 'sessions', 'quotes', 'invoices')),
  format varchar(5) NOT NULL CHECK (format IN ('csv', 'excel', 'pdf')),
  export_template_id uuid REFERENCES export_templates(id) ON DELETE SET NULL,
  selected_fields text[] NOT NULL DEFAULT '{}',
  scheduled_at timestamptz NOT NULL,
  -- NULL: runs once at scheduled_at. Otherwise {frequency, interval}.
  recurrence_pattern jsonb CHECK (recurrence_pattern IS NULL OR jsonb_typeof(recurrence_pattern) = 'object'),
  send_email boolean NOT NULL DEFAULT false,
  email_recipient varchar(255),
  temporal_schedule_id varchar(255) UNIQUE,
  is_active boolean NOT NULL DEFAULT true,
  last_run_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT scheduled_exports_email_has_recipient CHECK (NOT send_email OR email_recipient IS NOT NULL)
);
CREATE INDEX scheduled_exports_owner_created_idx ON scheduled_exports (owner_id, created_at DESC, id);
CREATE INDEX scheduled_exports_template_idx ON scheduled_exports (export_template_id) WHERE export_template_id IS NOT NULL;

CREATE TABLE export_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  entity varchar(10) NOT NULL CHECK (entity IN ('contacts', 'sessions', 'quotes', 'invoices')),
  format varchar(5) NOT NULL CHECK (format IN ('csv', 'excel', 'pdf')),
  selected_fields text[] NOT NULL DEFAULT '{}',
  status varchar(10) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'RUNNING', 'COMPLETED', 'FAILED')),
  scheduled_export_id uuid REFERENCES scheduled_exports(id) ON DELETE SET NULL,
  file_object_id uuid REFERENCES file_objects(id) ON DELETE SET NULL,
  job_run_id uuid REFERENCES job_runs(id) ON DELETE SET NULL,
  row_count integer CHECK (row_count >= 0),
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX export_jobs_owner_created_idx ON export_jobs (owner_id, created_at DESC, id);
CREATE INDEX export_jobs_file_object_idx ON export_jobs (file_object_id) WHERE file_object_id IS NOT NULL;
CREATE INDEX export_jobs_job_run_idx ON export_jobs (job_run_id) WHERE job_run_id IS NOT NULL;
CREATE INDEX export_jobs_scheduled_idx ON export_jobs (scheduled_export_id) WHERE scheduled_export_id IS NOT NULL;

-- ── Client portal ───────────────────────────────────────────────────────────────────────────

-- A studio's client signing in to the portal: scoped to one studio user (owner) and one contact.
CREATE TABLE client_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  contact_id uuid NOT NULL UNIQUE REFERENCES contacts(id) ON DELETE CASCADE,
  email varchar(255) NOT NULL CHECK (email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX client_accounts_owner_email_key ON client_accounts (owner_id, lower(email));

-- Only a hash of the emailed token is stored: a database leak opens no portal.
CREATE TABLE magic_link_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_account_id uuid NOT NULL REFERENCES client_accounts(id) ON DELETE CASCADE,
  token_hash varchar(128) NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT magic_link_tokens_expiry_after_creation CHECK (expires_at > created_at)
);
CREATE INDEX magic_link_tokens_account_idx ON magic_link_tokens (client_account_id, created_at DESC);
CREATE INDEX magic_link_tokens_expires_idx ON magic_link_tokens (expires_at);

-- ── Email tracking ──────────────────────────────────────────────────────────────────────────

CREATE TABLE email_tracking (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  entity_type varchar(20) NOT NULL CHECK (entity_type IN ('SESSION', 'CONTACT', 'QUOTE', 'INVOICE')),
  entity_id uuid NOT NULL,
  recipient varchar(255) NOT NULL,
  subject varchar(500),
  template_key varchar(100),
  message_id varchar(255),
  status varchar(10) NOT NULL CHECK (status IN ('SENT', 'FAILED')),
  error text,
  -- Set by the sending activity (for example from its workflow id) so a retry records nothing twice.
  idempotency_key varchar(255) UNIQUE,
  job_run_id uuid REFERENCES job_runs(id) ON DELETE SET NULL,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT email_tracking_sent_has_time CHECK (status <> 'SENT' OR sent_at IS NOT NULL),
  CONSTRAINT email_tracking_failed_has_error CHECK (status <> 'FAILED' OR error IS NOT NULL)
);
CREATE INDEX email_tracking_entity_idx ON email_tracking (owner_id, entity_type, entity_id, created_at DESC);
CREATE INDEX email_tracking_owner_created_idx ON email_tracking (owner_id, created_at DESC, id);
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
DROP VIEW IF EXISTS contact_files_view, session_files_view;
ALTER TABLE sessions
  DROP CONSTRAINT IF EXISTS sessions_user_session_type_id_fkey,
  DROP CONSTRAINT IF EXISTS sessions_workflow_id_fkey,
  DROP CONSTRAINT IF EXISTS sessions_session_info_template_id_fkey;
DROP INDEX IF EXISTS sessions_user_session_type_idx, sessions_workflow_idx, sessions_session_info_template_idx;
DROP TABLE
  email_tracking, magic_link_tokens, client_accounts,
  export_jobs, scheduled_exports, export_templates,
  documents, contact_files, session_files, file_objects,
  audit_logs, user_company, walletprovider_payments, cardprovider_payments,
  invoice_items, invoices, quote_items, quotes,
  session_workflow_task_runs, workflow_trigger_executions, workflow_triggers,
  client_infos, session_contacts,
  user_session_info_template_fields, user_session_info_templates,
  base_session_info_template_fields, base_session_info_templates,
  user_session_types, workflow_task_actions, workflow_tasks, workflows,
  sms_templates, email_templates;
`,
  );
