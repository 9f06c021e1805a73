/**
 * A supplier's e-invoice read back (issue 22 §3): from the XML of a Factur-X / ZUGFeRD pdf or a
 * CII file (UN/CEFACT CrossIndustryInvoice D16B) or a UBL 2.1 Invoice / CreditNote, the fields a
 * purchase record keeps. Pure: it takes the XML already parsed into plain objects (namespace
 * prefixes removed, attributes as `@_name`, every value a string) and answers the record or the
 * problems that make it unreadable, each with the element it concerns.
 */

import { isCalendarDate } from './calendar-date';

export type PurchaseInvoiceSyntax = 'CII' | 'UBL';

export interface PurchaseVatLine {
  /** The rate in percent as written (e.g. "20", "5.5"), null for a category without one. */
  rate: string | null;
  /** The VAT category code (S, Z, E, AE, K, G, O, L, M). */
  category: string | null;
  baseCents: bigint;
  taxCents: bigint;
}

export interface PurchaseInvoice {
  syntax: PurchaseInvoiceSyntax;
  /** The document type code (380 invoice, 381 credit note, 386 deposit…), when it says one. */
  typeCode: string | null;
  number: string;
  issueDate: string;
  dueDate: string | null;
  currency: string;
  sellerName: string;
  sellerSiren: string | null;
  sellerVatNumber: string | null;
  totalWithoutTaxCents: bigint;
  totalTaxCents: bigint;
  totalCents: bigint;
  vat: PurchaseVatLine[];
}

export interface PurchaseInvoiceProblem {
  /** The element, as a path from the root (e.g. `ExchangedDocument/ID`). */
  path: string;
  message: string;
}

export type PurchaseInvoiceReading =
  | { ok: true; invoice: PurchaseInvoice }
  | { ok: false; problems: PurchaseInvoiceProblem[] };

type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const first = (v: unknown): unknown => list(v)[0];

/** The node at `path` (each step the first of its name), or undefined. */
function at(root: unknown, path: string): unknown {
  let node: unknown = root;
  for (const step of path.split('/')) {
    node = isNode(node) ? first(node[step]) : undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** An element's text: a string, or the `#text` of an element with attributes. */
function text(node: unknown): string | null {
  if (typeof node === 'string') return node.trim() || null;
  if (typeof node === 'number') return String(node);
  if (isNode(node) && (typeof node['#text'] === 'string' || typeof node['#text'] === 'number'))
    return String(node['#text']).trim() || null;
  return null;
}
const attr = (node: unknown, name: string): string | null =>
  isNode(node) && typeof node[`@_${name}`] === 'string' ? (node[`@_${name}`] as string) : null;

const AMOUNT = /^[+-]?\d{1,12}(\.\d{1,4})?$/;

/**
 * An amount in cents; EN 16931 amounts have two decimals at most, and a third or fourth decimal
 * that is not zero is a problem (the record keeps cents exactly).
 */
function cents(value: string | null): bigint | 'invalid' | null {
  if (value === null) return null;
  if (!AMOUNT.test(value)) return 'invalid';
  const [whole, decimals = ''] = value.replace(/^\+/, '').split('.');
  if (/[1-9]/.test(decimals.slice(2))) return 'invalid';
  const negative = whole.startsWith('-');
  const magnitude = BigInt(whole.replace('-', '')) * 100n + BigInt((decimals + '00').slice(0, 2));
  return negative ? -magnitude : magnitude;
}

const CII_DATE = /^(\d{4})(\d{2})(\d{2})$/;
/** A CII date (format 102, YYYYMMDD) or an ISO one, as YYYY-MM-DD; 'invalid' when it is not a real day. */
function day(value: string | null, syntax: PurchaseInvoiceSyntax): string | 'invalid' | null {
  if (value === null) return null;
  const m = syntax === 'CII' ? CII_DATE.exec(value) : null;
  const iso = m ? `${m[1]}-${m[2]}-${m[3]}` : value;
  return isCalendarDate(iso) ? iso : 'invalid';
}

/** The raw fields, as each syntax writes them, before they are checked alike. */
interface RawFields {
  typeCode: string | null;
  number: string | null;
  issueDate: string | null;
  dueDate: string | null;
  currency: string | null;
  sellerName: string | null;
  sellerLegalIds: { id: string; scheme: string | null }[];
  sellerVatNumber: string | null;
  totalWithoutTax: string | null;
  totalTax: string | null;
  total: string | null;
  vat: { rate: string | null; category: string | null; base: string | null; tax: string | null }[];
  paths: Record<
    'number' | 'issueDate' | 'dueDate' | 'sellerName' | 'totalWithoutTax' | 'totalTax' | 'total' | 'vat' | 'currency',
    string
  >;
}

function ciiFields(root: Node): RawFields {
  const agreement = at(root, 'SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement');
  const seller = at(agreement, 'SellerTradeParty');
  const settlement = at(root, 'SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement');
  const sums = at(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const currency = text(at(settlement, 'InvoiceCurrencyCode'));
  // TaxTotalAmount may appear twice (document and accounting currency): take the document currency's.
  const taxTotals = isNode(sums) ? list(sums.TaxTotalAmount) : [];
  const taxTotal = taxTotals.find((t) => attr(t, 'currencyID') === currency) ?? taxTotals[0];
  const legal = at(seller, 'SpecifiedLegalOrganization/ID');
  const registrations = isNode(seller) ? list(seller.SpecifiedTaxRegistration) : [];
  const vatRegistration = registrations.map((r) => at(r, 'ID')).find((id) => attr(id, 'schemeID') === 'VA');
  const S = 'SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement';
  return {
    typeCode: text(at(root, 'ExchangedDocument/TypeCode')),
    number: text(at(root, 'ExchangedDocument/ID')),
    issueDate: text(at(root, 'ExchangedDocument/IssueDateTime/DateTimeString')),
    dueDate: text(at(settlement, 'SpecifiedTradePaymentTerms/DueDateDateTime/DateTimeString')),
    currency,
    sellerName: text(at(seller, 'Name')),
    sellerLegalIds: legal === undefined ? [] : [{ id: text(legal) ?? '', scheme: attr(legal, 'schemeID') }],
    sellerVatNumber: text(vatRegistration),
    totalWithoutTax: text(at(sums, 'TaxBasisTotalAmount')),
    totalTax: text(taxTotal) ?? '0',
    total: text(at(sums, 'GrandTotalAmount')),
    vat: (isNode(settlement) ? list(settlement.ApplicableTradeTax) : []).map((t) => ({
      rate: text(at(t, 'RateApplicablePercent')),
      category: text(at(t, 'CategoryCode')),
      base: text(at(t, 'BasisAmount')),
      tax: text(at(t, 'CalculatedAmount')),
    })),
    paths: {
      number: 'ExchangedDocument/ID',
      issueDate: 'ExchangedDocument/IssueDateTime',
      dueDate: `${S}/SpecifiedTradePaymentTerms/DueDateDateTime`,
      sellerName: 'SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement/SellerTradeParty/Name',
      currency: `${S}/InvoiceCurrencyCode`,
      totalWithoutTax: `${S}/SpecifiedTradeSettlementHeaderMonetarySummation/TaxBasisTotalAmount`,
      totalTax: `${S}/SpecifiedTradeSettlementHeaderMonetarySummation/TaxTotalAmount`,
      total: `${S}/SpecifiedTradeSettlementHeaderMonetarySummation/GrandTotalAmount`,
      vat: `${S}/ApplicableTradeTax`,
    },
  };
}

function ublFields(root: Node, rootName: 'Invoice' | 'CreditNote'): RawFields {
  const party = at(root, 'AccountingSupplierParty/Party');
  const legalEntity = at(party, 'PartyLegalEntity');
  const legal = at(legalEntity, 'CompanyID');
  const taxSchemes = isNode(party) ? list(party.PartyTaxScheme) : [];
  const vatScheme = taxSchemes.find((s) => text(at(s, 'TaxScheme/ID')) === 'VAT') ?? taxSchemes[0];
  const taxTotals = list(root.TaxTotal);
  const currency = text(at(root, 'DocumentCurrencyCode'));
  // With two TaxTotal (document and tax currency), the one with the breakdown is the document's.
  const taxTotal =
    taxTotals.find((t) => isNode(t) && t.TaxSubtotal !== undefined) ??
    taxTotals.find((t) => attr(at(t, 'TaxAmount'), 'currencyID') === currency) ??
    taxTotals[0];
  return {
    typeCode: text(at(root, rootName === 'Invoice' ? 'InvoiceTypeCode' : 'CreditNoteTypeCode')),
    number: text(at(root, 'ID')),
    issueDate: text(at(root, 'IssueDate')),
    dueDate: text(at(root, 'DueDate')) ?? text(at(root, 'PaymentMeans/PaymentDueDate')),
    currency,
    sellerName: text(at(party, 'PartyName/Name')) ?? text(at(legalEntity, 'RegistrationName')),
    sellerLegalIds: legal === undefined ? [] : [{ id: text(legal) ?? '', scheme: attr(legal, 'schemeID') }],
    sellerVatNumber: text(at(vatScheme, 'CompanyID')),
    totalWithoutTax: text(at(root, 'LegalMonetaryTotal/TaxExclusiveAmount')),
    totalTax: text(at(taxTotal, 'TaxAmount')) ?? '0',
    total: text(at(root, 'LegalMonetaryTotal/TaxInclusiveAmount')),
    vat: (isNode(taxTotal) ? list(taxTotal.TaxSubtotal) : []).map((s) => ({
      rate: text(at(s, 'TaxCategory/Percent')),
      category: text(at(s, 'TaxCategory/ID')),
      base: text(at(s, 'TaxableAmount')),
      tax: text(at(s, 'TaxAmount')),
    })),
    paths: {
      number: 'ID',
      issueDate: 'IssueDate',
      dueDate: 'DueDate',
      sellerName: 'AccountingSupplierParty/Party/PartyName/Name',
      currency: 'DocumentCurrencyCode',
      totalWithoutTax: 'LegalMonetaryTotal/TaxExclusiveAmount',
      totalTax: 'TaxTotal/TaxAmount',
      total: 'LegalMonetaryTotal/TaxInclusiveAmount',
      vat: 'TaxTotal/TaxSubtotal',
    },
  };
}

/** The root element's name among those read, or null: the XML is not an invoice this reads. */
export function purchaseInvoiceSyntax(
  document: Node,
): { syntax: PurchaseInvoiceSyntax; root: Node; rootName: string } | null {
  for (const [name, syntax] of [
    ['CrossIndustryInvoice', 'CII'],
    ['Invoice', 'UBL'],
    ['CreditNote', 'UBL'],
  ] as const) {
    const root = document[name];
    if (isNode(root)) return { syntax, root, rootName: name };
  }
  return null;
}

/** The VAT lines read, each with its base and tax in cents; a line without both is a problem. */
function vatLinesOf(raw: RawFields, problems: PurchaseInvoiceProblem[]): PurchaseVatLine[] {
  const vat: PurchaseVatLine[] = [];
  raw.vat.forEach((line, i) => {
    const base = cents(line.base);
    const lineTax = cents(line.tax);
    if (typeof base !== 'bigint' || typeof lineTax !== 'bigint')
      problems.push({
        path: `${raw.paths.vat}[${i}]`,
        message: 'A VAT line needs its base and its tax amount, each with two decimals at most',
      });
    else vat.push({ rate: line.rate, category: line.category, baseCents: base, taxCents: lineTax });
  });
  return vat;
}

/**
 * Totals that do not add up, to the cent: without tax + tax = total (BR-CO-15); the VAT lines,
 * when every one was read, add up to the total without tax (BR-CO-13's sum of bases) and the total tax (BR-CO-14).
 */
function totalsProblems(
  raw: RawFields,
  vat: PurchaseVatLine[],
  { withoutTax, tax, total }: { withoutTax: bigint | null; tax: bigint | null; total: bigint | null },
): PurchaseInvoiceProblem[] {
  const problems: PurchaseInvoiceProblem[] = [];
  if (withoutTax !== null && tax !== null && total !== null && withoutTax + tax !== total) {
    problems.push({
      path: raw.paths.total,
      message: `The totals do not add up: ${raw.totalWithoutTax} without tax + ${raw.totalTax} tax is not ${raw.total} (BR-CO-15)`,
    });
  }
  if (vat.length === raw.vat.length && vat.length > 0) {
    const bases = vat.reduce((s, l) => s + l.baseCents, 0n);
    const taxes = vat.reduce((s, l) => s + l.taxCents, 0n);
    if (withoutTax !== null && bases !== withoutTax)
      problems.push({
        path: raw.paths.vat,
        message: `The VAT lines' bases add up to ${bases} cents, not the total without tax (${raw.totalWithoutTax})`,
      });
    if (tax !== null && taxes !== tax)
      problems.push({
        path: raw.paths.vat,
        message: `The VAT lines' taxes add up to ${taxes} cents, not the total tax (${raw.totalTax}) (BR-CO-14)`,
      });
  }
  return problems;
}

/** The seller's SIREN: its legal id of scheme 0002, or 0009 (a SIRET, whose first nine digits are the SIREN), or one that reads as either. */
function sellerSirenOf(raw: RawFields): string | null {
  const siren = raw.sellerLegalIds.find(
    (l) => l.scheme === '0002' || l.scheme === '0009' || /^\d{9}(\d{5})?$/.test(l.id.replace(/\s/g, '')),
  );
  return siren ? siren.id.replace(/\s/g, '').slice(0, 9) : null;
}

/**
 * Reads a purchase invoice from its parsed XML: the record, or every problem found. Refused: a
 * root that is neither CII nor UBL, a missing number, issue date, seller name, currency or total,
 * a date that is not a real day, an amount that is not a decimal with at most two significant
 * decimals, and totals that do not add up (without tax + tax = total; the VAT lines, when given,
 * add up to the totals), to the cent (BR-CO-15, BR-CO-14, BR-CO-13's sum of bases).
 */
export function readPurchaseInvoice(document: Node): PurchaseInvoiceReading {
  const found = purchaseInvoiceSyntax(document);
  if (!found)
    return {
      ok: false,
      problems: [
        { path: '/', message: 'The XML is neither a CII CrossIndustryInvoice nor a UBL Invoice or CreditNote' },
      ],
    };
  const raw =
    found.syntax === 'CII' ? ciiFields(found.root) : ublFields(found.root, found.rootName as 'Invoice' | 'CreditNote');
  const problems: PurchaseInvoiceProblem[] = [];
  const need = (value: string | null, key: keyof RawFields['paths'], what: string) => {
    if (value === null) problems.push({ path: raw.paths[key], message: `The ${what} is missing` });
    return value;
  };
  const number = need(raw.number, 'number', 'invoice number');
  const sellerName = need(raw.sellerName, 'sellerName', "seller's name");
  const currency = need(raw.currency, 'currency', 'currency');
  if (currency !== null && !/^[A-Z]{3}$/.test(currency))
    problems.push({ path: raw.paths.currency, message: `The currency is not an ISO 4217 code: ${currency}` });
  const issueDate = day(need(raw.issueDate, 'issueDate', 'issue date'), found.syntax);
  if (issueDate === 'invalid')
    problems.push({ path: raw.paths.issueDate, message: `The issue date is not a real day: ${raw.issueDate}` });
  const dueDate = day(raw.dueDate, found.syntax);
  if (dueDate === 'invalid')
    problems.push({ path: raw.paths.dueDate, message: `The due date is not a real day: ${raw.dueDate}` });
  const amount = (value: string | null, key: 'totalWithoutTax' | 'totalTax' | 'total', what: string) => {
    const c = cents(need(value, key, what));
    if (c === 'invalid')
      problems.push({
        path: raw.paths[key],
        message: `The ${what} is not an amount with two decimals at most: ${value}`,
      });
    return typeof c === 'bigint' ? c : null;
  };
  const withoutTax = amount(raw.totalWithoutTax, 'totalWithoutTax', 'total without tax');
  const tax = amount(raw.totalTax, 'totalTax', 'total tax');
  const total = amount(raw.total, 'total', 'total with tax');
  const vat = vatLinesOf(raw, problems);
  problems.push(...totalsProblems(raw, vat, { withoutTax, tax, total }));
  if (
    problems.length ||
    number === null ||
    sellerName === null ||
    currency === null ||
    typeof issueDate !== 'string' ||
    withoutTax === null ||
    tax === null ||
    total === null
  )
    return { ok: false, problems };
  return {
    ok: true,
    invoice: {
      syntax: found.syntax,
      typeCode: raw.typeCode,
      number,
      issueDate,
      dueDate: dueDate === 'invalid' ? null : dueDate,
      currency,
      sellerName,
      sellerSiren: sellerSirenOf(raw),
      sellerVatNumber: raw.sellerVatNumber,
      totalWithoutTaxCents: withoutTax,
      totalTaxCents: tax,
      totalCents: total,
      vat,
    },
  };
}
