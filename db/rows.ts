/**
 * The plain row types the api presents. Queries and commands in `db/` return values of these
 * types (a model instance is also one), so presenters and routers never name a model class
 * (docs/architecture.md, "The api layer").
 */
import { type BaseSessionInfoTemplate } from './models/BaseSessionInfoTemplate';
import { type BaseSessionInfoTemplateField } from './models/BaseSessionInfoTemplateField';
import { type ClientAccount } from './models/ClientAccount';
import { type Contact } from './models/Contact';
import { type ExportTemplate } from './models/ExportTemplate';
import { type Invoice } from './models/Invoice';
import { type InvoiceItem } from './models/InvoiceItem';
import { type InvoicePayment } from './models/InvoicePayment';
import { type CreditNote } from './models/CreditNote';
import { type JobRun } from './models/JobRun';
import { type Quote } from './models/Quote';
import { type QuoteItem } from './models/QuoteItem';
import { type QuoteSignature } from './models/QuoteSignature';
import { type ScheduledExport } from './models/ScheduledExport';
import { type Session } from './models/Session';
import { type SessionAutomationTaskRun } from './models/SessionAutomationTaskRun';
import { type EntityAutomationTaskRun } from './models/EntityAutomationTaskRun';
import { type SmsTemplate } from './models/SmsTemplate';
import { type User } from './models/User';
import { type UserSessionInfoTemplate } from './models/UserSessionInfoTemplate';
import { type UserSessionInfoTemplateField } from './models/UserSessionInfoTemplateField';
import { type Automation } from './models/Automation';
import { type AutomationTask } from './models/AutomationTask';
import { type AutomationTaskAction } from './models/AutomationTaskAction';
import { type Organization } from './models/Organization';
import { type WorkflowTrigger } from './models/WorkflowTrigger';
import { type WorkflowTriggerExecution } from './models/WorkflowTriggerExecution';
import { type Row } from './queries/owned';

export type { Row };

export type ContactRow = Row<Contact>;
export type SessionRow = Row<Session>;
export type UserRow = Row<User>;
/** A studio's settings row (`organizations`). */
export type StudioRow = Row<Organization>;
export type JobRunRow = Row<JobRun>;
export type ExportTemplateRow = Row<ExportTemplate>;
export type SmsTemplateRow = Row<SmsTemplate>;
export type ScheduledExportRow = Row<ScheduledExport>;
export type ClientAccountRow = Row<ClientAccount>;
export type WorkflowTriggerRow = Row<WorkflowTrigger>;
export type WorkflowTriggerExecutionRow = Row<WorkflowTriggerExecution>;

/** A workflow with its tasks and their actions (any order: the presenter sorts). */
export type AutomationTaskActionRow = Row<AutomationTaskAction>;
export type AutomationTaskRow = Omit<Row<AutomationTask>, 'actions'> & { actions?: AutomationTaskActionRow[] };
export type AutomationRow = Omit<Row<Automation>, 'tasks'> & { tasks?: AutomationTaskRow[] };

/** A session workflow task run with the name, type and order of its task. */
export type SessionAutomationTaskRunRow = Omit<Row<SessionAutomationTaskRun>, 'workflow_task'> & {
  workflow_task?: Pick<Row<AutomationTask>, 'name' | 'task_type' | 'display_order'> | null;
};

/** A task run of a workflow run for a contact, quote or invoice, with the name, type and order of its task. */
export type EntityAutomationTaskRunRow = Omit<Row<EntityAutomationTaskRun>, 'workflow_task' | 'owner' | 'contact'> & {
  workflow_task?: Pick<Row<AutomationTask>, 'name' | 'task_type' | 'display_order'> | null;
};

/** Session info templates (the base ones and a user's copies) with their fields. */
export type SessionInfoFieldRow = Row<BaseSessionInfoTemplateField> | Row<UserSessionInfoTemplateField>;
export type UserSessionInfoTemplateRow = Omit<Row<UserSessionInfoTemplate>, 'fields'> & {
  fields?: Row<UserSessionInfoTemplateField>[];
};
export type BaseSessionInfoTemplateRow = Omit<Row<BaseSessionInfoTemplate>, 'fields'> & {
  fields?: Row<BaseSessionInfoTemplateField>[];
};

/** Quotes and invoices (invoicing) as plain rows with their lines. */
export type QuoteItemRow = Row<QuoteItem>;
export type InvoiceItemRow = Row<InvoiceItem>;
export type QuoteRow = Omit<Row<Quote>, 'items'> & { items?: QuoteItemRow[] };
export type InvoiceRow = Omit<Row<Invoice>, 'items'> & { items?: InvoiceItemRow[] };
export type DocumentRow = QuoteRow | InvoiceRow;
/** A client's signature of a quote and its evidence (issue 31 §2). */
export type QuoteSignatureRow = Row<QuoteSignature>;

/** An invoice's ledger row and credit note (issue 20). */
export type InvoicePaymentRow = Row<InvoicePayment>;
export type CreditNoteRow = Omit<Row<CreditNote>, 'invoice'> & {
  invoice?: Pick<InvoiceRow, 'id' | 'number' | 'title'>;
};
