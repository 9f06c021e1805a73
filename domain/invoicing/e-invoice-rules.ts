import { provides, regimeOf } from '../regimes';
import { reformEInvoiceRules, reformSellerRules } from '../addons/fr-e-invoicing/e-invoice-rules';
import { type EInvoice, type EInvoiceParty } from './e-invoice';

/**
 * The gate of issue 22 §1: the EN 16931 business rules (and the French ones the validators apply)
 * that an invoice's data can break, checked before it is issued. Pure; each failed rule is named
 * by its id (BR-…, BR-CO-…, BR-S-…, BR-E-…, BR-FR-…; `vat-on-debits` for the French mention that
 * has no id of its own here) so the 400 says which.
 *
 * Only the rules that depend on our data are here: the ones the XML writer satisfies by
 * construction (specification identifier, currency code lists, syntax) are left to it.
 */

/** A rule the document breaks: its id and what it means. */
export interface FailedRule {
  rule: string;
  message: string;
}

const blank = (value: string | null | undefined) => !value || value.trim() === '';
const fmt = (cents: bigint) => {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/** BR-S-09 / BR-CO-17: the VAT of a rate is its base × rate, rounded to the cent (±1 cent: a rate priced with tax derives its net from its total). */
function vatMatches(baseCents: bigint, basisPoints: number, vatCents: bigint): boolean {
  const exact = baseCents * BigInt(basisPoints);
  const diff = vatCents * 10_000n - exact;
  return (diff < 0n ? -diff : diff) <= 15_000n;
}

function partyRules(party: EInvoiceParty, who: 'seller' | 'buyer', fail: Fail): void {
  const ids =
    who === 'seller'
      ? { name: 'BR-06', address: 'BR-08', country: 'BR-09' }
      : { name: 'BR-07', address: 'BR-10', country: 'BR-11' };
  if (blank(party.name)) fail(ids.name, `The ${who}'s name is missing`);
  if (blank(party.city) && blank(party.zipcode) && blank(party.street))
    fail(ids.address, `The ${who}'s postal address is missing`);
  if (!party.countryCode || !/^[A-Z]{2}$/.test(party.countryCode))
    fail(ids.country, `The ${who}'s country is not an ISO 3166-1 code (use a two-letter code such as FR)`);
  if (party.vatNumber && !/^[A-Z]{2}[0-9A-Z+*.]{2,13}$/.test(party.vatNumber))
    fail(
      who === 'seller' ? 'BR-CO-09' : 'BR-CO-09-buyer',
      `The ${who}'s VAT number must start with its country's two-letter prefix`,
    );
  if (party.siren && !/^\d{9}$/.test(party.siren))
    fail(who === 'seller' ? 'BR-FR-10' : 'BR-FR-11', `The ${who}'s SIREN must have 9 digits`);
}

/** The XML of an e-invoice that could be made, or why it could not (a broken rule, or the XML library's refusal). */
export type EInvoiceMade = { ok: true; xml: string } | { ok: false; failed: FailedRule[] };

/**
 * What makes an e-invoice's XML (lib/facturx/e-invoice-gate.ts): handed to the issue
 * (services/invoicing/issue-invoice.ts) by its callers, so a script may give its own.
 */
export type EInvoiceMaker = (doc: EInvoice, lang: string) => Promise<EInvoiceMade>;

/** Whether an e-invoice can be made, each refusal named: what the issue asks before drawing a number (an EInvoiceMaker will do). */
export type EInvoiceChecker = (
  doc: EInvoice,
  lang: string,
) => Promise<{ ok: true } | { ok: false; failed: FailedRule[] }>;

type Fail = (rule: string, message: string) => void;
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

/** Every rule the e-invoice breaks; empty when it may be issued. In the order a reader checks: the document, its lines, its totals, its VAT. */
export function failedEInvoiceRules(doc: EInvoice): FailedRule[] {
  const failed: FailedRule[] = [];
  const fail: Fail = (rule, message) => failed.push({ rule, message });
  headerRules(doc, fail);
  lineRules(doc, fail);
  totalRules(doc, fail);
  vatBreakdownRules(doc, fail);
  if (doc.payment && !/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(doc.payment.iban))
    fail('BR-61', 'The payment account (BT-84) is not an IBAN');
  return failed;
}

/** The document's own facts: number, date, type, the parties, a credit note's invoice, the seller's law's reform. */
function headerRules(doc: EInvoice, fail: Fail): void {
  if (blank(doc.number)) fail('BR-02', 'The invoice number is missing');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(doc.issueDate)) fail('BR-03', 'The issue date is missing');
  if (!['380', '381', '386'].includes(doc.typeCode)) fail('BR-04', 'The invoice type code is not one of 380, 381, 386');
  partyRules(doc.seller, 'seller', fail);
  if (!doc.buyer) fail('BR-07', 'The buyer is missing');
  else partyRules(doc.buyer, 'buyer', fail);
  if (doc.lines.length === 0) fail('BR-16', 'The invoice has no line');
  if (doc.typeCode === '381' && (!doc.preceding || blank(doc.preceding.number)))
    fail('BR-55', 'A credit note names the invoice it corrects');
  // The seller's law read strictly: a seller whose country is unknown is held to no country's reform.
  const reform = provides(regimeOf(doc.seller.countryCode), 'reform-mentions');
  if (reform) reformSellerRules(doc, fail);
  if (!doc.seller.vatNumber && !doc.seller.siren)
    fail('BR-CO-26', 'The seller has neither a VAT number nor a legal registration identifier');
  if (doc.deliverTo && (!doc.deliverTo.countryCode || !/^[A-Z]{2}$/.test(doc.deliverTo.countryCode)))
    fail('BR-57', 'The delivery address has no country code (BT-80): give its country (a two-letter code such as FR)');
  if (reform) reformEInvoiceRules(doc, fail);
}

function lineRules(doc: EInvoice, fail: Fail): void {
  for (const line of doc.lines) {
    if (blank(line.name)) fail('BR-25', `Line ${line.id} has no item name`);
    if (line.quantityHundredths === 0n) fail('BR-22', `Line ${line.id} has no invoiced quantity`);
    if (line.price.units < 0n) fail('BR-27', `Line ${line.id}'s net price is negative`);
    if (line.allowance && line.allowance.baseCents - line.allowance.amountCents !== line.netCents)
      fail(
        'line-allowance',
        `Line ${line.id}'s net (BT-131) is not its discount's base (BT-137) less its amount (BT-136)`,
      );
  }
}

/** Totals (BR-CO-10 to BR-CO-16): every sum the XML states is the sum of its parts. */
function totalRules(doc: EInvoice, fail: Fail): void {
  const t = doc.totals;
  const check = (rule: string, stated: bigint, computed: bigint, what: string) => {
    if (stated !== computed) fail(rule, `${what}: ${fmt(stated)} stated, ${fmt(computed)} computed`);
  };
  check('BR-CO-10', t.lineTotalCents, sum(doc.lines.map((l) => l.netCents)), 'The sum of line net amounts (BT-106)');
  check(
    'BR-CO-11',
    t.allowanceTotalCents,
    sum(doc.allowances.map((a) => a.amountCents)),
    'The sum of allowances (BT-107)',
  );
  check('BR-CO-13', t.taxExclusiveCents, t.lineTotalCents - t.allowanceTotalCents, 'The total without VAT (BT-109)');
  check('BR-CO-14', t.taxCents, sum(doc.vat.map((v) => v.vatCents)), 'The total VAT (BT-110)');
  check('BR-CO-15', t.taxInclusiveCents, t.taxExclusiveCents + t.taxCents, 'The total with VAT (BT-112)');
  check('BR-CO-16', t.payableCents, t.taxInclusiveCents, 'The amount due (BT-115)');
  if (t.payableCents > 0n && !doc.dueDate && blank(doc.paymentTerms))
    fail('BR-CO-25', 'An amount is due but neither a due date nor payment terms is given');
}

/** The VAT breakdown (BR-S-08, BR-E-08, BR-Z-08 and their friends), one entry per category and rate. */
function vatBreakdownRules(doc: EInvoice, fail: Fail): void {
  const categories = new Set(doc.lines.map((l) => `${l.category}:${l.vatBasisPoints}`));
  for (const key of categories) {
    if (!doc.vat.some((v) => `${v.category}:${v.vatBasisPoints}` === key))
      fail(`BR-${key.split(':')[0]}-01`, `No VAT breakdown for category ${key.replace(':', ' at ')} basis points`);
  }
  for (const v of doc.vat) {
    const same = (x: { category: string; vatBasisPoints: number }) =>
      x.category === v.category && x.vatBasisPoints === v.vatBasisPoints;
    const base =
      sum(doc.lines.filter(same).map((l) => l.netCents)) - sum(doc.allowances.filter(same).map((a) => a.amountCents));
    if (v.baseCents !== base)
      fail(
        `BR-${v.category}-08`,
        `The VAT base of category ${v.category} at ${v.vatBasisPoints / 100} % (BT-116): ${fmt(v.baseCents)} stated, ${fmt(base)} computed`,
      );
    if (v.category === 'S') {
      if (v.vatBasisPoints <= 0) fail('BR-S-05', 'A standard rated VAT breakdown has a rate above 0');
      if (!vatMatches(v.baseCents, v.vatBasisPoints, v.vatCents))
        fail('BR-S-09', `The VAT at ${v.vatBasisPoints / 100} % (BT-117) is not its base × its rate`);
      if (!doc.seller.vatNumber) fail('BR-S-02', 'An invoice with standard rated VAT carries the seller VAT number');
    } else {
      if (v.vatBasisPoints !== 0 || v.vatCents !== 0n)
        fail(`BR-${v.category}-05`, `Category ${v.category} carries no VAT: its rate and VAT amount are 0`);
      if (v.category === 'E' && blank(v.exemptionReason))
        fail('BR-E-10', 'An exempt VAT breakdown states its exemption reason');
      if (v.category === 'E' && !doc.seller.vatNumber && !doc.seller.siren)
        fail('BR-E-02', 'An exempt invoice carries the seller VAT number or tax registration identifier');
      if (v.category === 'Z' && !doc.seller.vatNumber)
        fail('BR-Z-02', 'A zero rated invoice carries the seller VAT number');
    }
  }
}
