// The demo studio account (demo@studio.local) with French and American clients, sessions,
// quotes and invoices: seed data written through the api's own commands, so its rows carry the
// same outbox events, audit rows and totals as a studio's own. `npm run demo` (scripts/demo.ts)
// runs it. Idempotent: a second run finds everything in place and creates nothing.
import { type EInvoiceMaker } from '../domain/invoicing/e-invoice-rules';
import { hash } from '@node-rs/argon2';
import { col, fn, where } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { createContact } from '../db/commands/create-contact';
import { copyBaseSessionInfoTemplates } from '../db/commands/copy-base-session-info-templates';
import { registerUser } from '../db/commands/register-user';
import { addSessionContact } from '../db/commands/session-contacts';
import { createDefaultSessionTypes } from '../db/commands/create-default-session-types';
import { issueInvoice } from '../services/invoicing/issue-invoice';
import { issueCreditNote } from '../db/commands/issue-credit-note';
import { recordManualPayment } from '../db/commands/record-payment';
import { saveCompanyProfile } from '../db/commands/save-company-profile';
import { findCompanyProfile } from '../db/queries/company-profile';
import { createSession } from '../db/commands/create-session';
import { updateSession } from '../db/commands/update-session';
import { setSessionType } from '../db/commands/set-session-type';
import { type ItemProps } from '../db/commands/invoicing-documents';
import { saveDocument } from '../db/commands/save-document';
import { applyPaymentSucceeded } from '../db/commands/apply-payment-succeeded';
import { recordCardPayment } from '../db/commands/record-card-payment';
import { recordWalletPayment } from '../db/commands/record-wallet-payment';
import {
  CardproviderPayment,
  ClientInfo,
  Contact,
  CreditNote,
  Invoice,
  InvoicePayment,
  Organization,
  Quote,
  Session,
  SessionContact,
  User,
  UserSessionInfoTemplate,
  UserSessionType,
} from '../db/models';
import {
  DEMO_CONTACTS,
  DEMO_EMAIL,
  DEMO_INVOICES,
  DEMO_PASSWORD,
  DEMO_QUOTES,
  DEMO_SESSIONS,
  DEMO_TENANT_SLUG,
  type DemoItem,
} from '../db/seed/demo-data';
import { ConflictError } from '../domain/errors';
import { type SessionStatus } from '../domain/sessions/session-status';

const DAY_MS = 86_400_000;

/**
 * A demo line as the api receives it: priced lines carry their price with tax (what the client
 * pays), so the totals module computes the document exactly as it does for a studio's own.
 */
function itemProps(item: DemoItem, displayOrder: number, sessionTypeIds: Map<string, string>): ItemProps {
  const priced = item.type === 'SESSION_TYPE';
  return {
    item_type: item.type,
    description: item.description,
    display_order: displayOrder,
    ...(priced
      ? {
          quantity: (item.quantityHundredths ?? 100) / 100,
          price_with_tax: (item.unitPriceCents ?? 0) / 100,
          price_includes_tax: true,
          vat_percentage: (item.vatBasisPoints ?? 0) / 100,
          discount_percentage: (item.discountBasisPoints ?? 0) / 100,
          user_session_type_id: item.sessionTypeKey ? must(sessionTypeIds, item.sessionTypeKey, 'session type') : null,
        }
      : {}),
    ...(item.discount ? { discount_type: item.discount.type, discount_amount: item.discount.amountCents / 100 } : {}),
  };
}

const daysFromNow = (days: number, hourUtc = 0, minutes = 0): Date => {
  const d = new Date(Date.now() + days * DAY_MS);
  d.setUTCHours(hourUtc, minutes, 0, 0);
  return d;
};
const dateOnly = (days: number): string => daysFromNow(days).toISOString().slice(0, 10);

/** Looks `key` up in `map` or stops: the demo data refers to something it does not define. */
function must<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo data: unknown ${what} "${key}"`);
  return value;
}

/** Session statuses a demo session passes through after PENDING, as a studio would move it. */
const STATUS_PATH: Record<SessionStatus, SessionStatus[]> = {
  PENDING: [],
  VALIDATED: ['VALIDATED'],
  COMPLETED: ['VALIDATED', 'COMPLETED'],
  CANCELLED: ['CANCELLED'],
};

/** What a run created, per kind, so a second run can say it changed nothing. */
type Created = Record<
  | 'users'
  | 'contacts'
  | 'sessions'
  | 'quotes'
  | 'invoices'
  | 'templates'
  | 'sessionTypes'
  | 'transfers'
  | 'creditNotes',
  number
>;

type DemoSession = (typeof DEMO_SESSIONS)[number];
type DemoInvoice = (typeof DEMO_INVOICES)[number];

/** The studio's session types and session-info templates, by business key (and locale), as the demo's rows name them. */
interface StudioLookups {
  typeByKey: Map<string, UserSessionType>;
  typeIds: Map<string, string>;
  templateByKey: Map<string, string>;
}

/** The demo user, registered once; another run that registered it first is found instead. */
async function ensureDemoUser(sequelize: Sequelize, created: Created): Promise<User> {
  const findUser = () => User.findOne({ where: where(fn('lower', col('email')), DEMO_EMAIL) });
  let user = await findUser();
  if (!user) {
    try {
      user = await registerUser(sequelize, {
        email: DEMO_EMAIL,
        passwordHash: await hash(DEMO_PASSWORD),
        name: 'Camille Laurent',
        locale: 'fr-FR',
      });
      created.users += 1;
    } catch (err) {
      // Another demo run registered it first.
      if (!(err instanceof ConflictError)) throw err;
      user = await findUser();
      if (!user) throw err;
    }
  }
  return user;
}

/** The demo's studio profile (not part of registration, no event attached) and its company profile, through its command, once. */
async function ensureStudioProfile(sequelize: Sequelize, owner: User): Promise<void> {
  await (
    await Organization.findByPk(owner.org_id)
  )?.update({
    name: 'Studio Lumière (démo)',
    plan: 'studio',
    tenant_slug: DEMO_TENANT_SLUG,
  });
  // The company profile through its command (identifiers checked, an audit row), once.
  if (!(await findCompanyProfile(sequelize, owner.id))) {
    await saveCompanyProfile(sequelize, owner.id, {
      company_name: 'Studio Lumière SARL',
      legal_form: 'SARL',
      share_capital: '5000.00',
      siren: '912345675',
      siret: '91234567500017',
      vat_number: 'FR65912345675',
      rcs_city: 'Paris',
      company_street: '12 rue Lepic',
      company_zipcode: '75018',
      company_city: 'Paris',
      company_country: 'FR',
      email: 'bonjour@studio-lumiere.test',
      phone: '+33 1 42 00 00 00',
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPP',
      late_payment_rate: '10.00',
      payment_terms_days: 30,
    });
  }
}

/**
 * The studio's session-info templates (registration copies the fr-FR ones; the demo also uses the
 * other locales') and its own copies of the system session types (made at registration, as for any
 * new account; createDefaultSessionTypes adds any missing), with their generation-2 workflows.
 */
async function ensureStudioLookups(sequelize: Sequelize, owner: User, created: Created): Promise<StudioLookups> {
  created.templates += await copyBaseSessionInfoTemplates(sequelize, owner.id);
  created.sessionTypes = await createDefaultSessionTypes(sequelize, owner.id, owner.locale);
  const types = await UserSessionType.findAll({ where: { owner_id: owner.id } });
  const typeByKey = new Map(types.filter((t) => t.business_key).map((t) => [t.business_key as string, t]));
  const typeIds = new Map([...typeByKey].map(([key, t]) => [key, t.id]));
  const userTemplates = await UserSessionInfoTemplate.findAll({
    where: { owner_id: owner.id },
    include: [{ association: 'base_template' }],
  });
  const templateByKey = new Map(
    userTemplates
      .filter((t) => t.base_template?.business_key)
      .map((t) => [`${t.base_template?.business_key}:${t.locale}`, t.id]),
  );
  return { typeByKey, typeIds, templateByKey };
}

/** The demo's contacts, by key; those an earlier run made are found by email. */
async function ensureContacts(sequelize: Sequelize, owner: User, created: Created): Promise<Map<string, Contact>> {
  const contacts = new Map<string, Contact>();
  const existingContacts = new Map((await Contact.findAll({ where: { owner_id: owner.id } })).map((c) => [c.email, c]));
  for (const { key, ...fields } of DEMO_CONTACTS) {
    let contact = existingContacts.get(fields.email);
    if (!contact) {
      contact = await createContact(sequelize, owner.id, fields);
      created.contacts += 1;
    }
    contacts.set(key, contact);
  }
  return contacts;
}

/** A demo session: created, typed, moved along its status path (one SESSION_STATUS_CHANGED event a step), as the studio does. */
async function ensureSession(
  sequelize: Sequelize,
  owner: User,
  s: DemoSession,
  {
    existing,
    contacts,
    lookups,
    created,
  }: {
    existing: Map<string, Session>;
    contacts: Map<string, Contact>;
    lookups: StudioLookups;
    created: Created;
  },
): Promise<Session> {
  const type = must(lookups.typeByKey, s.sessionTypeKey, 'session type');
  const start = daysFromNow(s.startInDays, s.startHourUtc);
  let session = existing.get(s.title);
  if (!session) {
    session = await createSession(sequelize, owner.id, {
      title: s.title,
      status: 'PENDING',
      contact_id: must(contacts, s.contactKey, 'contact').id,
      start_date: start,
      end_date: new Date(start.getTime() + s.durationMinutes * 60_000),
      location: s.location,
      notes: s.notes ?? null,
    });
    created.sessions += 1;
  }
  if (!session.user_session_type_id) {
    session = await setSessionType(sequelize, owner.id, session.id, {
      userSessionTypeId: type.id,
      sessionInfoTemplateId: s.infoTemplate
        ? must(lookups.templateByKey, `${s.infoTemplate.businessKey}:${s.infoTemplate.locale}`, 'session-info template')
        : null,
    });
  }
  // Each step is a SESSION_STATUS_CHANGED event, as when the studio moves the session itself.
  const path = STATUS_PATH[s.status];
  for (const status of path.slice(Math.max(0, path.indexOf(session.status) + 1))) {
    if (session.status === s.status) break;
    session = await updateSession(sequelize, owner.id, session.id, { status });
  }
  return session;
}

/** A demo session's other contacts and its client's answers to the questionnaire, each once. */
async function ensureSessionPeople(
  sequelize: Sequelize,
  owner: User,
  s: DemoSession,
  session: Session,
  contacts: Map<string, Contact>,
): Promise<void> {
  for (const other of s.others ?? []) {
    const contactId = must(contacts, other.contactKey, 'contact').id;
    // Through the command POST /api/sessions/:id/contacts runs (an audit row); a second run finds it attached.
    if (!(await SessionContact.count({ where: { session_id: session.id, contact_id: contactId } })))
      await addSessionContact(sequelize, owner.id, session.id, { contact_id: contactId, role: other.role });
  }
  if (s.responses && !(await ClientInfo.count({ where: { session_id: session.id } }))) {
    const responses: Record<string, string | number> = { ...s.responses };
    if (s.sessionTypeKey === 'wedding' && session.start_date)
      responses.wedding_date = session.start_date.toISOString().slice(0, 10);
    await ClientInfo.create({
      session_id: session.id,
      template_id: session.session_info_template_id,
      responses,
      submitted_via: 'CLIENT_PORTAL',
      submitted_at: daysFromNow(-3, 18),
    });
  }
}

/** The demo's quotes, by key, written through saveDocument; those an earlier run made are found by title. */
async function ensureQuotes(
  sequelize: Sequelize,
  owner: User,
  { sessions, lookups, created }: { sessions: Map<string, Session>; lookups: StudioLookups; created: Created },
): Promise<Map<string, Quote>> {
  const quotes = new Map<string, Quote>();
  for (const q of DEMO_QUOTES) {
    const session = must(sessions, q.sessionKey, 'session');
    let quote = await Quote.findOne({ where: { owner_id: owner.id, title: q.title } });
    if (!quote) {
      quote = (await saveDocument(sequelize, 'quote', owner.id, null, {
        title: q.title,
        description: q.description ?? null,
        session_id: session.id,
        contact_id: session.contact_id,
        status: q.status,
        valid_until: dateOnly(q.validForDays),
        items: q.items.map((item, i) => itemProps(item, i, lookups.typeIds)),
      })) as Quote;
      created.quotes += 1;
    }
    quotes.set(q.key, quote);
  }
  return quotes;
}

/** A paid demo invoice, paid through its provider's event; a run stopped between the two steps finds its payment row and only applies the event. */
async function payDemoInvoice(
  sequelize: Sequelize,
  invoice: Invoice,
  paid: NonNullable<DemoInvoice['paid']>,
): Promise<void> {
  const reference = `demo_${invoice.id.replace(/-/g, '').slice(0, 24)}`;
  if (paid.provider === 'card') {
    if (!(await CardproviderPayment.count({ where: { payment_intent_id: `pi_${reference}` } })))
      await recordCardPayment(sequelize, invoice, `pi_${reference}`, 'eur', 'requires_payment_method');
  } else await recordWalletPayment(sequelize, invoice, reference.toUpperCase(), 'EUR', 'APPROVED');
  const provider = paid.provider === 'card' ? 'cardprovider' : 'walletprovider';
  await applyPaymentSucceeded(sequelize, {
    provider,
    eventId: `evt_${reference}`,
    eventType: 'demo.payment.succeeded',
    reference: paid.provider === 'card' ? `pi_${reference}` : reference.toUpperCase(),
  });
}

/**
 * A demo invoice, written as a draft, issued, then paid through the provider's event, as in real
 * use; partly paid by a bank transfer or partly credited when the demo says so. Answers the cents paid.
 */
async function ensureInvoice(
  sequelize: Sequelize,
  makeXml: EInvoiceMaker,
  owner: User,
  inv: DemoInvoice,
  {
    sessions,
    quotes,
    lookups,
    created,
  }: {
    sessions: Map<string, Session>;
    quotes: Map<string, Quote>;
    lookups: StudioLookups;
    created: Created;
  },
): Promise<number> {
  const session = must(sessions, inv.sessionKey, 'session');
  let invoice = await Invoice.findOne({ where: { owner_id: owner.id, title: inv.title } });
  if (!invoice) {
    invoice = (await saveDocument(sequelize, 'invoice', owner.id, null, {
      title: inv.title,
      description: inv.description ?? null,
      session_id: session.id,
      contact_id: session.contact_id,
      quote_id: inv.quoteKey ? must(quotes, inv.quoteKey, 'quote').id : null,
      due_date: dateOnly(inv.dueInDays),
      items: inv.items.map((item, i) => itemProps(item, i, lookups.typeIds)),
    })) as Invoice;
    created.invoices += 1;
  }
  if (inv.status === 'ISSUED' && invoice.status === 'DRAFT') {
    await issueInvoice(sequelize, makeXml, owner.id, invoice.id);
    await invoice.reload();
  }
  if (inv.paid && invoice.payment_status !== 'PAID') await payDemoInvoice(sequelize, invoice, inv.paid);
  if (inv.transfer && !(await InvoicePayment.count({ where: { invoice_id: invoice.id, method: 'bank_transfer' } }))) {
    await recordManualPayment(sequelize, owner.id, invoice.id, {
      amountCents: BigInt(inv.transfer.amountCents),
      method: 'bank_transfer',
      receivedAt: new Date(),
      reference: inv.transfer.reference,
    });
    created.transfers += 1;
  }
  if (inv.creditNote && !(await CreditNote.count({ where: { invoice_id: invoice.id } }))) {
    await issueCreditNote(sequelize, owner.id, invoice.id, {
      reason: inv.creditNote.reason,
      amountCents: BigInt(inv.creditNote.amountCents),
    });
    created.creditNotes += 1;
  }
  return inv.paid ? Math.round(Number(invoice.amount) * 100) : 0;
}

/**
 * The demo account through the api's own commands (registerUser, createContact, createSession,
 * updateSession, setSessionType, saveDocument, the payment commands), so its rows come with the same outbox events as real use.
 * Each step finds what an earlier run made (user by email, the rest by owner and title or
 * email) and creates only what is missing: a second run, or a run after a failed one,
 * duplicates nothing. Quotes and invoices go through saveDocument (the totals module computes
 * every line and amount, as for the api), and a paid invoice is paid by its provider's event
 * (applyPaymentSucceeded), with INVOICE_STATUS_CHANGED and PAYMENT_RECEIVED. One issued invoice
 * is partly paid by a bank transfer the studio records (recordManualPayment) and another partly
 * credited (issueCreditNote), so the ledger shows each kind of entry.
 */
export async function ensureDemo(sequelize: Sequelize, makeXml: EInvoiceMaker) {
  const created: Created = {
    users: 0,
    contacts: 0,
    sessions: 0,
    quotes: 0,
    invoices: 0,
    templates: 0,
    sessionTypes: 0,
    transfers: 0,
    creditNotes: 0,
  };
  const owner = await ensureDemoUser(sequelize, created);
  await ensureStudioProfile(sequelize, owner);
  const lookups = await ensureStudioLookups(sequelize, owner, created);
  const contacts = await ensureContacts(sequelize, owner, created);

  const sessions = new Map<string, Session>();
  const existing = new Map((await Session.findAll({ where: { owner_id: owner.id } })).map((s) => [s.title, s]));
  for (const s of DEMO_SESSIONS) {
    const session = await ensureSession(sequelize, owner, s, { existing, contacts, lookups, created });
    sessions.set(s.key, session);
    await ensureSessionPeople(sequelize, owner, s, session, contacts);
  }
  const quotes = await ensureQuotes(sequelize, owner, { sessions, lookups, created });
  let paidCents = 0;
  for (const inv of DEMO_INVOICES)
    paidCents += await ensureInvoice(sequelize, makeXml, owner, inv, { sessions, quotes, lookups, created });

  return {
    user: owner,
    created,
    contacts: contacts.size,
    sessions: sessions.size,
    quotes: quotes.size,
    invoices: DEMO_INVOICES.length,
    paidCents,
  };
}
