import { AuditLog } from './AuditLog';
import { BaseSessionInfoTemplate } from './BaseSessionInfoTemplate';
import { BaseSessionInfoTemplateField } from './BaseSessionInfoTemplateField';
import { CardproviderPayment } from './CardproviderPayment';
import { ClientAccount } from './ClientAccount';
import { ClientInfo } from './ClientInfo';
import { Contact } from './Contact';
import { CreditNote } from './CreditNote';
import { ContactFile } from './ContactFile';
import { StudioFile } from './StudioFile';
import { EmailTemplate } from './EmailTemplate';
import { EmailTracking } from './EmailTracking';
import { ExportJob } from './ExportJob';
import { ExportTemplate } from './ExportTemplate';
import { FileObject } from './FileObject';
import { Invoice } from './Invoice';
import { InvoiceItem } from './InvoiceItem';
import { InvoicePayment } from './InvoicePayment';
import { JobRun } from './JobRun';
import { MagicLinkToken } from './MagicLinkToken';
import { Organization } from './Organization';
import { OutboxEvent } from './OutboxEvent';
import { PaymentReceipt } from './PaymentReceipt';
import { PlatformConnection } from './PlatformConnection';
import { Quote } from './Quote';
import { QuoteItem } from './QuoteItem';
import { QuoteSignature } from './QuoteSignature';
import { ScheduledExport } from './ScheduledExport';
import { Session } from './Session';
import { SessionContact } from './SessionContact';
import { SessionFile } from './SessionFile';
import { SessionAutomationTaskRun } from './SessionAutomationTaskRun';
import { EntityAutomationTaskRun } from './EntityAutomationTaskRun';
import { SmsTemplate } from './SmsTemplate';
import { User } from './User';
import { UserCompany } from './UserCompany';
import { UserSessionInfoTemplate } from './UserSessionInfoTemplate';
import { UserSessionInfoTemplateField } from './UserSessionInfoTemplateField';
import { UserSessionType } from './UserSessionType';
import { WalletproviderPayment } from './WalletproviderPayment';
import { ProcessedProviderEvent } from './ProcessedProviderEvent';
import { Automation } from './Automation';
import { AutomationTask } from './AutomationTask';
import { AutomationTaskAction } from './AutomationTaskAction';
import { WorkflowTrigger } from './WorkflowTrigger';
import { WorkflowTriggerExecution } from './WorkflowTriggerExecution';

export {
  AuditLog,
  BaseSessionInfoTemplate,
  BaseSessionInfoTemplateField,
  CardproviderPayment,
  ClientAccount,
  ClientInfo,
  Contact,
  CreditNote,
  ContactFile,
  StudioFile,
  EmailTemplate,
  EmailTracking,
  ExportJob,
  ExportTemplate,
  FileObject,
  Invoice,
  InvoiceItem,
  InvoicePayment,
  JobRun,
  MagicLinkToken,
  Organization,
  OutboxEvent,
  PaymentReceipt,
  PlatformConnection,
  Quote,
  QuoteItem,
  QuoteSignature,
  ScheduledExport,
  Session,
  SessionContact,
  SessionFile,
  SessionAutomationTaskRun,
  EntityAutomationTaskRun,
  SmsTemplate,
  User,
  UserCompany,
  UserSessionInfoTemplate,
  UserSessionInfoTemplateField,
  UserSessionType,
  WalletproviderPayment,
  Automation,
  AutomationTask,
  AutomationTaskAction,
  WorkflowTrigger,
  WorkflowTriggerExecution,
  ProcessedProviderEvent,
};

/** Every model, registered on the Sequelize instance. Add each new model here. */
export const models = [
  Organization,
  User,
  Contact,
  Session,
  JobRun,
  OutboxEvent,
  // Messaging templates and workflows
  EmailTemplate,
  SmsTemplate,
  Automation,
  AutomationTask,
  AutomationTaskAction,
  // Session types, session-info forms, extra contacts
  UserSessionType,
  BaseSessionInfoTemplate,
  BaseSessionInfoTemplateField,
  UserSessionInfoTemplate,
  UserSessionInfoTemplateField,
  SessionContact,
  ClientInfo,
  // Triggers and task runs
  WorkflowTrigger,
  WorkflowTriggerExecution,
  SessionAutomationTaskRun,
  EntityAutomationTaskRun,
  // Quotes, invoices, payments
  Quote,
  QuoteItem,
  QuoteSignature,
  Invoice,
  InvoiceItem,
  CreditNote,
  InvoicePayment,
  PaymentReceipt,
  CardproviderPayment,
  WalletproviderPayment,
  UserCompany,
  PlatformConnection,
  AuditLog,
  // Files and exports
  FileObject,
  SessionFile,
  ContactFile,
  StudioFile,
  ExportTemplate,
  ScheduledExport,
  ExportJob,
  // Client portal and email tracking
  ClientAccount,
  MagicLinkToken,
  EmailTracking,
  ProcessedProviderEvent,
] as const;
