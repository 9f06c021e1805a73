// `npm run demo`: a demo studio account (demo@studio.local) with French and American clients,
// sessions, quotes and invoices, in the database of `npm start` (or DATABASE_URL).
// Goes through the api's commands, so its contacts and sessions carry the same outbox events.
// Idempotent: a second run finds everything in place and creates nothing.
import { hash } from '@node-rs/argon2';
import { col, fn, where } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { createContact } from '../db/commands/contacts';
import { copyBaseSessionInfoTemplates } from '../db/commands/copy-base-session-info-templates';
import { registerUser } from '../db/commands/register-user';
import { createSession, updateSession } from '../db/commands/sessions';
import { setSessionType } from '../db/commands/set-session-type';
import {
  CardproviderPayment,
  ClientInfo,
  Contact,
  Invoice,
  InvoiceItem,
  Organization,
  Quote,
  QuoteItem,
  Session,
  SessionContact,
  User,
  UserCompany,
  UserSessionInfoTemplate,
  UserSessionType,
  WalletproviderPayment,
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
import { createSequelize } from '../db/sequelize';
import { ConflictError } from '../domain/errors';
import { type SessionStatus } from '../domain/sessions/session-status';

/** The database `npm start` brings up when DATABASE_URL is not set (scripts/stack/stack.ts). */
const NPM_START_DATABASE_URL = 'postgres://postgres:postgres@127.0.0.1:5433/studio';
const DAY_MS = 86_400_000;

/** "postgres://user:***@host:port/db": never print a password. */
const redact = (url: string): string => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

/** Cents to the decimal string the money columns take: -15000 → "-150.00". */
function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not a whole number of cents: ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A line's stored values and its total, all in integer cents: total = quantity × unit price
 * with tax, less the line's discount percentage; a DISCOUNT line takes its fixed amount off.
 */
function lineValues(item: DemoItem, displayOrder: number, sessionTypeIds: Map<string, string>) {
  const quantity = item.quantityHundredths ?? 100;
  const vat = item.vatBasisPoints ?? 0;
  const discountPct = item.discountBasisPoints ?? 0;
  let unit = item.unitPriceCents ?? 0;
  let total: number;
  if (item.type === 'DISCOUNT' && item.discount) {
    unit = -item.discount.amountCents;
    total = unit;
  } else {
    total = Math.round((Math.round((unit * quantity) / 100) * (10_000 - discountPct)) / 10_000);
  }
  const unitWithoutTax = Math.round((unit * 10_000) / (10_000 + vat));
  return {
    totalCents: total,
    values: {
      item_type: item.type,
      description: item.description,
      quantity: centsToDecimal(item.type === 'DISCOUNT' ? 100 : quantity),
      price_with_tax: centsToDecimal(unit),
      vat_percentage: centsToDecimal(vat),
      price_without_tax: centsToDecimal(unitWithoutTax),
      discount_percentage: centsToDecimal(discountPct),
      total: centsToDecimal(total),
      display_order: displayOrder,
      user_session_type_id: item.sessionTypeKey ? (sessionTypeIds.get(item.sessionTypeKey) ?? null) : null,
      discount_amount: item.discount ? centsToDecimal(item.discount.amountCents) : null,
      discount_type: item.discount?.type ?? null,
    },
  };
}

/** Lines with their stored values, and the document amount (sum of line totals, never below 0). */
function buildLines(items: readonly DemoItem[], sessionTypeIds: Map<string, string>) {
  const lines = items.map((item, i) => lineValues(item, i, sessionTypeIds));
  const amountCents = lines.reduce((sum, l) => sum + l.totalCents, 0);
  if (amountCents < 0) throw new Error('demo data: a document total is negative');
  return { lines: lines.map((l) => l.values), amount: centsToDecimal(amountCents), amountCents };
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
type Created = Record<'users' | 'contacts' | 'sessions' | 'quotes' | 'invoices' | 'templates', number>;

/**
 * The demo account through the api's own commands (registerUser, createContact, createSession,
 * updateSession, setSessionType), so its rows come with the same outbox events as real use.
 * Each step finds what an earlier run made (user by email, the rest by owner and title or
 * email) and creates only what is missing: a second run, or a run after a failed one,
 * duplicates nothing. Quotes, invoices and payments have no command and no event yet: each
 * document is written with its lines and payment in one transaction.
 */
async function ensureDemo(sequelize: Sequelize) {
  const created: Created = { users: 0, contacts: 0, sessions: 0, quotes: 0, invoices: 0, templates: 0 };
  const findUser = () => User.findOne({ where: where(fn('lower', col('email')), DEMO_EMAIL) });
  let user = await findUser();
  if (!user) {
    try {
      user = await registerUser(sequelize, { email: DEMO_EMAIL, passwordHash: await hash(DEMO_PASSWORD), name: 'Camille Laurent', locale: 'fr-FR' });
      created.users += 1;
    } catch (err) {
      // Another demo run registered it first.
      if (!(err instanceof ConflictError)) throw err;
      user = await findUser();
      if (!user) throw err;
    }
  }
  const owner = user;
  // The demo's studio profile: not part of registration, no event attached.
  await owner.update({ plan: 'studio', tenant_slug: DEMO_TENANT_SLUG });
  await (await Organization.findByPk(owner.org_id))?.update({ name: 'Studio Lumière (démo)' });
  await UserCompany.findOrCreate({
    where: { user_id: owner.id },
    defaults: {
      user_id: owner.id,
      company_name: 'Studio Lumière SARL',
      siren: '912345678',
      siret: '91234567800017',
      vat_number: 'FR32912345678',
      company_street: '12 rue Lepic',
      company_zipcode: '75018',
      company_city: 'Paris',
      company_country: 'France',
    },
  });
  // Registration copies the fr-FR templates; the demo also uses the other locales' ones.
  created.templates += await copyBaseSessionInfoTemplates(owner.id);

  // Sessions use the system default types (owner_id NULL) and their generation-2 workflows.
  const types = await UserSessionType.findAll({ where: { owner_id: null } });
  const typeByKey = new Map(types.filter((t) => t.business_key).map((t) => [t.business_key as string, t]));
  const typeIds = new Map([...typeByKey].map(([key, t]) => [key, t.id]));
  const userTemplates = await UserSessionInfoTemplate.findAll({ where: { owner_id: owner.id }, include: [{ association: 'base_template' }] });
  const templateByKey = new Map(
    userTemplates.filter((t) => t.base_template?.business_key).map((t) => [`${t.base_template?.business_key}:${t.locale}`, t.id]),
  );

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

  const sessions = new Map<string, Session>();
  const existingSessions = new Map((await Session.findAll({ where: { owner_id: owner.id } })).map((s) => [s.title, s]));
  for (const s of DEMO_SESSIONS) {
    const type = must(typeByKey, s.sessionTypeKey, 'session type');
    const start = daysFromNow(s.startInDays, s.startHourUtc);
    let session = existingSessions.get(s.title);
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
        sessionInfoTemplateId: s.infoTemplate ? must(templateByKey, `${s.infoTemplate.businessKey}:${s.infoTemplate.locale}`, 'session-info template') : null,
      });
    }
    // Each step is a SESSION_STATUS_CHANGED event, as when the studio moves the session itself.
    const path = STATUS_PATH[s.status];
    for (const status of path.slice(Math.max(0, path.indexOf(session.status) + 1))) {
      if (session.status === s.status) break;
      session = await updateSession(sequelize, owner.id, session.id, { status });
    }
    sessions.set(s.key, session);
    for (const other of s.others ?? []) {
      const contactId = must(contacts, other.contactKey, 'contact').id;
      await SessionContact.findOrCreate({ where: { session_id: session.id, contact_id: contactId }, defaults: { session_id: session.id, contact_id: contactId, role: other.role } });
    }
    if (s.responses && !(await ClientInfo.count({ where: { session_id: session.id } }))) {
      const responses: Record<string, string | number> = { ...s.responses };
      if (s.sessionTypeKey === 'wedding' && session.start_date) responses.wedding_date = session.start_date.toISOString().slice(0, 10);
      await ClientInfo.create({
        session_id: session.id,
        template_id: session.session_info_template_id,
        responses,
        submitted_via: 'CLIENT_PORTAL',
        submitted_at: daysFromNow(-3, 18),
      });
    }
  }

  const quotes = new Map<string, Quote>();
  for (const q of DEMO_QUOTES) {
    const session = must(sessions, q.sessionKey, 'session');
    let quote = await Quote.findOne({ where: { owner_id: owner.id, title: q.title } });
    if (!quote) {
      const { lines, amount } = buildLines(q.items, typeIds);
      quote = await sequelize.transaction(async (transaction) => {
        const row = await Quote.create(
          {
            owner_id: owner.id,
            session_id: session.id,
            contact_id: session.contact_id,
            title: q.title,
            description: q.description ?? null,
            amount,
            status: q.status,
            valid_until: dateOnly(q.validForDays),
          },
          { transaction },
        );
        await QuoteItem.bulkCreate(
          lines.map((l) => ({ ...l, quote_id: row.id })),
          { transaction },
        );
        return row;
      });
      created.quotes += 1;
    }
    quotes.set(q.key, quote);
  }

  let paidCents = 0;
  for (const inv of DEMO_INVOICES) {
    const session = must(sessions, inv.sessionKey, 'session');
    const { lines, amount, amountCents } = buildLines(inv.items, typeIds);
    if (inv.paid) paidCents += amountCents;
    if (await Invoice.count({ where: { owner_id: owner.id, title: inv.title } })) continue;
    await sequelize.transaction(async (transaction) => {
      const paidAt = inv.paid ? daysFromNow(-inv.paid.daysAgo, 10, 30) : null;
      const invoice = await Invoice.create(
        {
          owner_id: owner.id,
          session_id: session.id,
          quote_id: inv.quoteKey ? must(quotes, inv.quoteKey, 'quote').id : null,
          contact_id: session.contact_id,
          title: inv.title,
          description: inv.description ?? null,
          amount,
          status: inv.status,
          due_date: dateOnly(inv.dueInDays),
          paid_at: paidAt,
        },
        { transaction },
      );
      await InvoiceItem.bulkCreate(
        lines.map((l) => ({ ...l, invoice_id: invoice.id })),
        { transaction },
      );
      if (!inv.paid) return;
      const reference = invoice.id.replace(/-/g, '').slice(0, 24);
      if (inv.paid.provider === 'card') {
        await CardproviderPayment.create(
          { invoice_id: invoice.id, payment_intent_id: `pi_demo_${reference}`, amount, currency: 'eur', status: 'succeeded' },
          { transaction },
        );
      } else {
        await WalletproviderPayment.create(
          { invoice_id: invoice.id, order_id: `DEMO-${reference.toUpperCase()}`, amount, currency: 'EUR', status: 'COMPLETED' },
          { transaction },
        );
      }
    });
    created.invoices += 1;
  }

  return { user: owner, created, contacts: contacts.size, sessions: sessions.size, quotes: quotes.size, invoices: DEMO_INVOICES.length, paidCents };
}

async function main() {
  const url = process.env.DATABASE_URL ?? NPM_START_DATABASE_URL;
  if (!process.env.DATABASE_URL) console.log(`DATABASE_URL is not set: using the \`npm start\` database (${redact(url)}).`);
  const sequelize = createSequelize({ url });
  try {
    try {
      await sequelize.authenticate();
    } catch (err) {
      console.error(`Cannot reach PostgreSQL at ${redact(url)} (${(err as Error).message}).`);
      console.error('Start the stack with `npm start` first, or set DATABASE_URL to a migrated database.');
      process.exitCode = 1;
      return;
    }
    const [[{ ready }]] = (await sequelize.query("SELECT to_regclass('public.invoice_items') IS NOT NULL AS ready")) as [[{ ready: boolean }], unknown];
    if (!ready) {
      console.error('The database is not migrated: run `npm run migrate` (or `npm start`) first.');
      process.exitCode = 1;
      return;
    }
    const summary = await ensureDemo(sequelize);
    const made = Object.values(summary.created).reduce((a, b) => a + b, 0);
    console.log(made === 0 ? 'The demo studio already exists: nothing changed.' : 'Demo studio ready.');
    console.log(`  Login:     ${DEMO_EMAIL} / ${DEMO_PASSWORD}  (POST /api/auth/login)`);
    console.log(`  Studio:    ${summary.user.name}, plan studio, tenant "${DEMO_TENANT_SLUG}", locale fr-FR`);
    console.log(`  Contacts:  ${summary.contacts} (${summary.created.contacts} new)`);
    console.log(`  Sessions:  ${summary.sessions} (${summary.created.sessions} new; pending, validated, completed, cancelled)`);
    console.log(`  Quotes:    ${summary.quotes} (${summary.created.quotes} new)`);
    console.log(`  Invoices:  ${summary.invoices} (${summary.created.invoices} new; ${centsToDecimal(summary.paidCents)} EUR paid by card and wallet)`);
    if (summary.created.users) console.log('  Contacts and sessions were recorded as domain events (outbox_events), as through the api.');
  } finally {
    await sequelize.close();
  }
}

main().catch((err: Error) => {
  console.error(`Demo failed: ${err.message}`);
  process.exit(1);
});
