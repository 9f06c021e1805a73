import { QuoteSignature } from '../models/QuoteSignature';
import { type ClientReceipt, listClientReceipts } from './payment-receipts';
import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { ClientInfo } from '../models/ClientInfo';
import { Contact } from '../models/Contact';
import { InvoiceItem } from '../models/InvoiceItem';
import { QuoteItem } from '../models/QuoteItem';
import { SessionContact } from '../models/SessionContact';
import { findStudio } from './studios';
import { UserCompany } from '../models/UserCompany';
import { UserSessionInfoTemplate } from '../models/UserSessionInfoTemplate';
import {
  type ContactRow,
  type CreditNoteRow,
  type InvoicePaymentRow,
  type QuoteSignatureRow,
  type InvoiceRow,
  type QuoteRow,
  type SessionRow,
  type UserSessionInfoTemplateRow,
} from '../rows';
import { type ClientRef, listClientSessions } from './client-accounts';
import { listClientCreditNotes, listClientInvoices, listClientPayments, listClientQuotes } from './client-documents';

/** One of the client's sessions with its questionnaire (the studio's template) and the answers given. */
export interface ClientSessionData {
  session: SessionRow;
  /** `client`: the session's main contact; else the role the studio gave the client on it (or `contact`). */
  role: string;
  template: UserSessionInfoTemplateRow | null;
  answers: {
    responses: Record<string, unknown>;
    submitted_via: string | null;
    submitted_at: Date | null;
  } | null;
}

/** Everything the studio holds about one client, as the data download writes it (GDPR art. 15 and 20). */
export interface ClientData {
  /** The studio, as its documents name it: the company profile's name, else the account's name or email. */
  studio: { name: string; email: string; country: string | null; locale: string; time_zone: string };
  contact: ContactRow;
  sessions: ClientSessionData[];
  /** The client's documents, as the portal shows them (db/queries/client-documents.ts, its limits), with their lines. */
  quotes: QuoteRow[];
  invoices: InvoiceRow[];
  creditNotes: CreditNoteRow[];
  payments: InvoicePaymentRow[];
  /** The client's signatures of quotes, with their evidence (issue 31 §2). */
  signatures: QuoteSignatureRow[];
  /** The receipts of the client's payments (issue 31 §3). */
  receipts: ClientReceipt[];
}

const byLineOrder = (a: { display_order: number; id: string }, b: { display_order: number; id: string }) =>
  a.display_order - b.display_order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Groups rows by a key, each group in the order given. */
function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

/** The client's sessions (the portal's, at most 100), each with its questionnaire and answers. */
async function clientSessions(sequelize: Sequelize, account: ClientRef): Promise<ClientSessionData[]> {
  const sessions = await listClientSessions(sequelize, account);
  if (sessions.length === 0) return [];
  const ids = sessions.map((s) => s.id);
  const templateIds = [...new Set(sessions.map((s) => s.session_info_template_id).filter((id): id is string => !!id))];
  const [links, answers, templates] = await Promise.all([
    SessionContact.findAll({ where: { session_id: ids, contact_id: account.contact_id } }),
    ClientInfo.findAll({ where: { session_id: ids } }),
    templateIds.length > 0
      ? UserSessionInfoTemplate.findAll({
          where: { id: templateIds, owner_id: account.owner_id },
          include: [{ association: 'fields' }],
        })
      : [],
  ]);
  return sessions.map((session) => {
    const answer = answers.find((a) => a.session_id === session.id);
    const template = templates.find((t) => t.id === session.session_info_template_id) ?? null;
    const link = links.find((l) => l.session_id === session.id);
    return {
      session,
      role: session.contact_id === account.contact_id ? 'client' : (link?.role ?? 'contact'),
      template: template ? (template.get({ plain: true }) as UserSessionInfoTemplateRow) : null,
      answers: answer
        ? { responses: answer.responses, submitted_via: answer.submitted_via, submitted_at: answer.submitted_at }
        : null,
    };
  });
}

/**
 * Everything one client account's studio holds about its contact, for the data download (issue 31
 * §4): the contact's fields, the client's sessions with their questionnaires and answers, and the
 * documents the portal shows (sent quotes, issued invoices, their credit notes and payments) with
 * their lines. Another studio's rows never appear: every read is scoped by the account's owner and
 * contact. A contact gone since the token was issued reads as not found.
 */
export async function readClientData(sequelize: Sequelize, account: ClientRef): Promise<ClientData> {
  const [contact, owner, company] = await Promise.all([
    Contact.findOne({ where: { id: account.contact_id, owner_id: account.owner_id } }),
    findStudio(sequelize, account.owner_id).catch(() => null),
    UserCompany.findOne({ where: { user_id: account.owner_id }, attributes: ['company_name', 'company_country'] }),
  ]);
  if (!contact || !owner) throw new NotFoundError('Client');
  const [sessions, quotes, invoices, creditNotes, payments, receipts] = await Promise.all([
    clientSessions(sequelize, account),
    listClientQuotes(sequelize, account),
    listClientInvoices(sequelize, account),
    listClientCreditNotes(sequelize, account),
    listClientPayments(sequelize, account),
    listClientReceipts(sequelize, account),
  ]);
  const signatures =
    quotes.length > 0
      ? await QuoteSignature.findAll({ where: { owner_id: account.owner_id, quote_id: quotes.map((q) => q.id) } })
      : [];
  const [quoteItems, invoiceItems] = await Promise.all([
    quotes.length > 0 ? QuoteItem.findAll({ where: { quote_id: quotes.map((q) => q.id) } }) : [],
    invoices.length > 0 ? InvoiceItem.findAll({ where: { invoice_id: invoices.map((i) => i.id) } }) : [],
  ]);
  const quoteLines = groupBy(quoteItems, (l) => l.quote_id);
  const invoiceLines = groupBy(invoiceItems, (l) => l.invoice_id);
  return {
    studio: {
      name: company?.company_name || owner.name || owner.owner_email,
      email: owner.owner_email,
      country: company?.company_country ?? owner.country ?? null,
      locale: owner.locale,
      time_zone: owner.time_zone,
    },
    contact,
    sessions,
    quotes: quotes.map((q) => ({
      ...(q.get({ plain: true }) as QuoteRow),
      items: [...(quoteLines.get(q.id) ?? [])].sort(byLineOrder),
    })),
    invoices: invoices.map((i) => ({
      ...(i.get({ plain: true }) as InvoiceRow),
      items: [...(invoiceLines.get(i.id) ?? [])].sort(byLineOrder),
    })),
    creditNotes,
    payments,
    signatures,
    receipts,
  };
}
