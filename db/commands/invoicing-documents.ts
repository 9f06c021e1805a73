import { Op, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError, ValidationError } from '../../domain/errors';
import { depositOverrun } from '../../domain/invoicing/deposits';
import { taxDepositOverrun } from '../../domain/invoicing/tax-deposits';
import { DEPOSIT_LINE, type DiscountType, type ItemType } from '../../domain/invoicing/item-types';
import { type OperationCategory } from '../../domain/invoicing/billing-framework';
import { type DeliveryAddress } from '../../domain/invoicing/delivery-address';
import { centsToDecimal } from '../../domain/invoicing/money';
import { type InvoiceStatus, type QuoteStatus } from '../../domain/invoicing/statuses';
import { assertEditable } from '../../domain/invoicing/document-editable';
import { linesOverflow, linesTotals, type StoredTax } from '../../domain/invoicing/line-taxes';
import {
  chooseLineTaxes,
  type TaxedClient,
  taxedAsStored,
  type TaxSetting,
} from '../../domain/invoicing/line-tax-choice';
import { studioRegimeOf } from '../../domain/regimes';
import { AuditLog } from '../models/AuditLog';
import { Contact } from '../models/Contact';
import { type Invoice } from '../models/Invoice';
import { InvoiceItem } from '../models/InvoiceItem';
import { Quote } from '../models/Quote';
import { type QuoteItem } from '../models/QuoteItem';
import { Session } from '../models/Session';
import { UserCompany } from '../models/UserCompany';
import { UserSessionType } from '../models/UserSessionType';
import { assertContactNotErased } from '../queries/erased-contacts';
import { findOwnerCurrency } from '../queries/owner-currency';
import { type Doc, type DocumentKind, documentModels as models, findDocument } from '../queries/invoicing';
import { numberQuote } from './document-numbers';
import { recordDomainEvent } from './record-domain-event';
import { Organization } from '../models/Organization';
import { scheduleProblems } from '../../domain/invoicing/payment-schedule';
import { installmentInputs, scheduleContextOf, type StoredInstallment } from '../../domain/invoicing/stored-schedule';

export type { DocumentKind };

export interface ItemProps {
  item_type: ItemType;
  description?: string | null;
  quantity?: number;
  price_with_tax?: number;
  price_without_tax?: number;
  price_includes_tax?: boolean;
  vat_percentage?: number;
  /** The line's taxes (issue 30 §2); null or absent: the one tax of vat_percentage. */
  taxes?: StoredTax[] | null;
  /** One of the studio's rates by name: the line takes its taxes (never stored as such). */
  tax_rate?: string;
  discount_percentage?: number;
  discount_amount?: number | null;
  discount_type?: DiscountType | null;
  user_session_type_id?: string | null;
  display_order?: number;
  /** DEPOSIT lines only, written by the server (invoice-from-quote): the deposit invoice deducted. */
  deposit_invoice_id?: string | null;
  /** What the line sells (issue 32 §5); absent: SERVICES. */
  category?: OperationCategory;
  /** Why the line is sold at 0 % (issue 40 §5). */
  zero_rate_reason?: string | null;
}

export interface DocumentProps {
  title?: string;
  description?: string | null;
  session_id?: string | null;
  contact_id?: string | null;
  status?: QuoteStatus | InvoiceStatus;
  /** Quotes: valid_until; invoices: due_date (YYYY-MM-DD). */
  valid_until?: string | null;
  due_date?: string | null;
  /** Invoices only: the quote it came from. */
  quote_id?: string | null;
  /** ISO 4217 code, checked by the api (domain/money/document-currency.ts); left out on create: the studio's. */
  currency?: string;
  /** Invoices only, set by the server: a deposit invoice's installment of its quote's schedule. */
  deposit_installment?: number | null;
  /** Given: replaces every item, and the amount is recomputed. */
  items?: ItemProps[];
  /** The payment schedule (issue 21 §1); null or [] removes it. Checked against the total and the session on save. */
  payment_schedule?: StoredInstallment[] | null;
  /** Quotes only: the contract the client signs with it, text with {{variables}} (issue 31 §2). */
  contract?: string | null;
  /** Invoices only: where its goods are delivered when not to the client's address (issue 32 §5); null removes it. */
  delivery_address?: DeliveryAddress | null;
}

/** Every id a document points to must be the owner's: someone else's is "not found", as if it did not exist. */
async function assertOwnedRelations(ownerId: string, props: DocumentProps, transaction: Transaction): Promise<void> {
  const checks: [
    typeof Session | typeof Contact | typeof Quote | typeof UserSessionType,
    string | null | undefined,
    string,
  ][] = [
    [Session, props.session_id, 'Session'],
    [Contact, props.contact_id, 'Contact'],
    [Quote, props.quote_id, 'Quote'],
  ];
  for (const typeId of new Set((props.items ?? []).map((i) => i.user_session_type_id).filter(Boolean)))
    checks.push([UserSessionType, typeId, 'Session type']);
  for (const [model, id, label] of checks) {
    if (!id) continue;
    // A line may name a system session type (owner_id NULL) as a session may (setSessionType).
    const owners =
      model === UserSessionType ? { [Op.or]: [{ owner_id: ownerId }, { owner_id: null }] } : { owner_id: ownerId };
    const count = await (model as typeof Session).count({ where: { id, ...owners }, transaction });
    if (count === 0) throw new NotFoundError(label);
  }
}

/**
 * A document's payment schedule must add up against its total and its session as they are now
 * (issue 21 §1): checked whenever the document is saved with one, so a change of lines, amount or
 * session that breaks it is refused (400 naming each problem).
 */
async function assertSchedule(document: Doc, ownerId: string, transaction: Transaction): Promise<void> {
  if (
    document.payment_schedule !== null &&
    document.payment_schedule !== undefined &&
    document.payment_schedule.length === 0
  ) {
    document.payment_schedule = null;
    await document.save({ transaction });
  }
  const stored = document.payment_schedule;
  if (!stored) return;
  const [owner, session] = await Promise.all([
    Organization.findByPk(ownerId, { attributes: ['time_zone'], transaction, rejectOnEmpty: true }),
    document.session_id
      ? Session.findOne({
          where: { id: document.session_id, owner_id: ownerId },
          attributes: ['start_date'],
          transaction,
        })
      : null,
  ]);
  const problems = scheduleProblems(
    installmentInputs(stored),
    scheduleContextOf(document as Invoice, session?.start_date, owner.time_zone),
  );
  if (problems.length) throw new ValidationError('The payment schedule is not valid', problems);
}

/**
 * A SESSION_TYPE line that names a session type and sets no price takes the type's: its
 * `default_price` as the price with tax (what the client pays, as the system types are priced),
 * its VAT rate when the line sets none, and its name when the line has no description. The type
 * was checked to be the owner's or a system one (assertOwnedRelations).
 */
async function withTypeDefaults(ownerId: string, items: ItemProps[], transaction: Transaction): Promise<ItemProps[]> {
  const wanted = items.filter(
    (i) =>
      i.item_type === 'SESSION_TYPE' &&
      i.user_session_type_id &&
      i.price_with_tax === undefined &&
      i.price_without_tax === undefined,
  );
  if (wanted.length === 0) return items;
  const types = await UserSessionType.findAll({
    where: { id: wanted.map((i) => i.user_session_type_id!), [Op.or]: [{ owner_id: ownerId }, { owner_id: null }] },
    transaction,
  });
  return items.map((line) => {
    const type = wanted.includes(line) ? types.find((t) => t.id === line.user_session_type_id) : undefined;
    if (!type) return line;
    return {
      ...line,
      description: line.description ?? type.name,
      price_with_tax: Number(type.price),
      price_includes_tax: true,
      vat_percentage: line.taxes ? line.vat_percentage : (line.vat_percentage ?? Number(type.vat_percentage)),
    };
  });
}

/** What the studio's profile says of how its lines are taxed (domain/invoicing/line-tax-choice.ts decides with it). */
async function taxSetting(ownerId: string, transaction: Transaction): Promise<TaxSetting> {
  const company = await UserCompany.findOne({
    where: { user_id: ownerId },
    attributes: ['vat_exempt', 'company_country', 'tax_rates'],
    transaction,
  });
  return {
    exempt: company?.vat_exempt ?? false,
    oneVatRatePerLine: studioRegimeOf(company?.company_country).oneVatRatePerLine,
    country: company?.company_country ?? null,
    rates: company?.tax_rates ?? [],
  };
}

/** The document's client as its lines' taxes read it; null without one. */
async function taxedClient(
  contactId: string | null | undefined,
  ownerId: string,
  transaction: Transaction,
): Promise<TaxedClient | null> {
  if (!contactId) return null;
  return Contact.findOne({
    where: { id: contactId, owner_id: ownerId },
    attributes: ['region', 'country', 'tax_exempt_reference', 'reverse_charge'],
    transaction,
  });
}

async function replaceItems(
  kind: DocumentKind,
  documentId: string,
  requested: ItemProps[],
  setting: TaxSetting,
  transaction: Transaction,
): Promise<string> {
  const { item, fk } = models[kind];
  const items = taxedAsStored(requested, setting);
  const totals = linesTotals(items);
  const overflow =
    linesOverflow(totals) ?? (totals.legacy ? depositOverrun(totals.legacy) : taxDepositOverrun(totals.taxes ?? []));
  if (overflow) throw new ValidationError(overflow);
  await (item as typeof QuoteItem).destroy({ where: { [fk]: documentId }, transaction });
  await (item as typeof QuoteItem).bulkCreate(
    items.map((line, index) => ({
      ...line,
      [fk]: documentId,
      display_order: line.display_order ?? index,
      price_with_tax: centsToDecimal(totals.lines[index].priceWithTaxCents),
      price_without_tax: centsToDecimal(totals.lines[index].priceWithoutTaxCents),
      price_includes_tax: totals.lines[index].priceIncludesTax,
      total: centsToDecimal(totals.lines[index].totalCents),
    })),
    { transaction },
  );
  return centsToDecimal(totals.totalWithTaxCents);
}

/**
 * The lines an invoice is saved with: a final invoice's deposit deductions are the server's
 * (issue 21 §1). DEPOSIT lines sent by the studio (as read back from the API) are dropped and the
 * invoice keeps its own; only a caller naming the deposit (`deposit_invoice_id`, invoice-from-quote)
 * writes new ones.
 */
async function withKeptDeposits(
  existing: Doc | null,
  items: ItemProps[],
  transaction: Transaction,
): Promise<ItemProps[]> {
  const own = items.filter((line) => line.item_type !== DEPOSIT_LINE || line.deposit_invoice_id);
  if (!existing || own.some((line) => line.item_type === DEPOSIT_LINE)) return own;
  const kept = await InvoiceItem.findAll({
    where: { invoice_id: existing.id, item_type: DEPOSIT_LINE },
    order: [
      ['display_order', 'ASC'],
      ['id', 'ASC'],
    ],
    transaction,
  });
  return [
    ...own,
    ...kept.map(
      (line): ItemProps => ({
        item_type: DEPOSIT_LINE,
        description: line.description,
        quantity: 1,
        price_with_tax: Number(line.price_with_tax),
        price_without_tax: Number(line.price_without_tax),
        vat_percentage: Number(line.vat_percentage),
        taxes: line.taxes,
        deposit_invoice_id: line.deposit_invoice_id,
        display_order: line.display_order,
      }),
    ),
  ];
}

/** saveDocument's work inside the caller's transaction (a command that checks more first, such as a deposit invoice's). */
export async function writeDocument(
  sequelize: Sequelize,
  kind: DocumentKind,
  ownerId: string,
  id: string | null,
  props: DocumentProps,
  transaction: Transaction,
  requestId?: string,
): Promise<Doc> {
  const { doc, entity } = models[kind];
  await assertOwnedRelations(ownerId, props, transaction);
  const { items: requested, ...fields } = props;
  const existing = id ? await findDocument(sequelize, kind, id, ownerId, transaction, true) : null;
  // A draft keeps pointing at its erased client; no document is made for one, or moved to one.
  if (props.contact_id && props.contact_id !== existing?.contact_id)
    await assertContactNotErased(sequelize, ownerId, props.contact_id, transaction);
  const items = requested && kind === 'invoice' ? await withKeptDeposits(existing, requested, transaction) : requested;
  // clone: without it Sequelize hands back its live dataValues, which the update below changes.
  const before = existing ? (existing.get({ plain: true, clone: true }) as Record<string, unknown>) : {};
  assertEditable(kind, existing, props, new Date());
  let document: Doc;
  if (existing) {
    existing.set(fields);
    document = await existing.save({ transaction });
  } else {
    if (!fields.title) throw new ValidationError('title is required');
    const currency = fields.currency ?? (await findOwnerCurrency(sequelize, ownerId, transaction));
    document = await (doc as typeof Quote).create(
      { ...fields, currency, owner_id: ownerId, amount: '0.00' },
      { transaction },
    );
  }
  if (items) {
    const setting = await taxSetting(ownerId, transaction);
    const taxed = chooseLineTaxes(items, setting, await taxedClient(document.contact_id, ownerId, transaction));
    document.amount = await replaceItems(
      kind,
      document.id,
      await withTypeDefaults(ownerId, taxed, transaction),
      setting,
      transaction,
    );
    // A draft owes its whole amount; from issue on, the ledger keeps the balance.
    if (kind === 'invoice') (document as Invoice).balance_due = document.amount;
    await document.save({ transaction });
  }
  if (kind === 'quote' && document.status !== 'PENDING') await numberQuote(sequelize, document as Quote, transaction);
  await assertSchedule(document, ownerId, transaction);
  const after = document.get({ plain: true, clone: true }) as Record<string, unknown>;
  const changed = Object.keys({ ...fields, ...(items ? { items: true, amount: true } : {}) }).filter(
    (k) => k === 'items' || JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  await AuditLog.create(
    {
      actor_id: ownerId,
      action: existing ? 'UPDATE' : 'CREATE',
      entity_type: entity,
      entity_id: document.id,
      resource_owner_id: ownerId,
      request_id: requestId ?? null,
      metadata: {
        changed,
        ...(changed.includes('status') ? { status: { from: before.status ?? null, to: after.status } } : {}),
      },
    },
    { transaction },
  );
  if (existing && changed.includes('status')) {
    await recordDomainEvent(
      sequelize,
      {
        eventType: kind === 'quote' ? 'QUOTE_STATUS_CHANGED' : 'INVOICE_STATUS_CHANGED',
        entityType: entity,
        entityId: document.id,
        ownerId,
        payload: { ...after, previous_status: before.status },
        requestId,
      },
      transaction,
    );
  }
  return document;
}
