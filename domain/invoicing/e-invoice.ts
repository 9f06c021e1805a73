import { countryCode } from '../countries';
import { type InvoiceBuyer } from './buyer';
import { type CreditVatPart } from './credit-vat';
import { DEPOSIT_LINE } from './item-types';
import { type SellerProfile } from './legal-mentions';
import { roundDiv, toHundredths } from './money';
import { computeTotals, type LineInput } from './totals';

/**
 * The data of an EN 16931 e-invoice (issue 22 §1): what the Factur-X `factur-x.xml` (CII D16B,
 * profile EN 16931) says, built from the same sources as the pdf (the invoice's lines and totals,
 * the buyer copied at issue, the company profile). Pure: amounts in integer cents, quantities in
 * hundredths, prices in ten-thousandths of the currency, so the rules (e-invoice-rules.ts) check
 * exactly what the XML writes.
 */

/** UNTDID 1001: 380 commercial invoice, 381 credit note, 386 prepayment (deposit) invoice. */
export type EInvoiceTypeCode = '380' | '381' | '386';
/** UNCL 5305: S standard rate, Z zero rated, E exempt (franchise en base, art. 293 B du CGI). */
export type VatCategory = 'S' | 'Z' | 'E';

/** The exemption reason of a VAT exempt French studio (BT-120), as its documents print it. */
export const FRANCHISE_REASON = 'TVA non applicable, art. 293 B du CGI';

export interface EInvoiceParty {
  name: string;
  street: string | null;
  zipcode: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2, or null when the stored country is not recognised. */
  countryCode: string | null;
  siren: string | null;
  siret: string | null;
  vatNumber: string | null;
  email: string | null;
}

export interface EInvoiceLine {
  id: string;
  name: string;
  /** Hundredths; −100 for a deducted deposit (its price stays positive, BR-27). */
  quantityHundredths: bigint;
  /** BT-131, cents; may be negative (a deducted deposit). */
  netCents: bigint;
  /** BT-146, the net unit price in ten-thousandths (4 decimals), never negative. */
  priceTenThousandths: bigint;
  category: VatCategory;
  vatBasisPoints: number;
}

/** BG-20, a document level allowance (a document discount) of one VAT rate. */
export interface EInvoiceAllowance {
  category: VatCategory;
  vatBasisPoints: number;
  amountCents: bigint;
  reason: string;
}

/** BG-23, the VAT breakdown of one category and rate. */
export interface EInvoiceVat {
  category: VatCategory;
  vatBasisPoints: number;
  baseCents: bigint;
  vatCents: bigint;
  exemptionReason: string | null;
}

export interface EInvoice {
  typeCode: EInvoiceTypeCode;
  number: string;
  /** YYYY-MM-DD */
  issueDate: string;
  dueDate: string | null;
  currency: 'EUR';
  seller: EInvoiceParty;
  buyer: EInvoiceParty | null;
  /** BG-3, the invoice a credit note corrects. */
  preceding: { number: string; issueDate: string } | null;
  lines: EInvoiceLine[];
  allowances: EInvoiceAllowance[];
  vat: EInvoiceVat[];
  totals: {
    lineTotalCents: bigint;
    allowanceTotalCents: bigint;
    taxExclusiveCents: bigint;
    taxCents: bigint;
    taxInclusiveCents: bigint;
    payableCents: bigint;
  };
  /** BG-16: SEPA credit transfer (58) to the studio's IBAN, when it has one. */
  payment: { iban: string; bic: string | null } | null;
  /** BT-20 */
  paymentTerms: string | null;
  /** Notes with their UNTDID 4451 subject code (PMT recovery fee, PMD late penalties, AAB discount). */
  notes: { subjectCode: string; text: string }[];
}

/** The company profile as the e-invoice reads it: the issue's seller profile and its bank and email. */
export type EInvoiceSeller = SellerProfile & { iban: string | null; bic: string | null; email: string | null };

const clean = (value: string | null | undefined) => (value && value.trim() ? value.replace(/\s+/g, ' ').trim() : null);

function sellerParty(seller: EInvoiceSeller): EInvoiceParty {
  return {
    name: clean(seller.company_name) ?? '',
    street: clean(seller.company_street),
    zipcode: clean(seller.company_zipcode),
    city: clean(seller.company_city),
    countryCode: countryCode(seller.company_country),
    siren: clean(seller.siren)?.replace(/\s/g, '') ?? clean(seller.siret)?.replace(/\s/g, '').slice(0, 9) ?? null,
    siret: clean(seller.siret)?.replace(/\s/g, '') ?? null,
    vatNumber: clean(seller.vat_number)?.replace(/\s/g, '').toUpperCase() ?? null,
    email: clean(seller.email),
  };
}

function buyerParty(buyer: InvoiceBuyer, sellerCountry: string | null): EInvoiceParty {
  return {
    name: clean(buyer.company_name) ?? buyer.name,
    street: clean(buyer.street),
    zipcode: clean(buyer.zipcode),
    city: clean(buyer.city),
    countryCode: countryCode(buyer.country, sellerCountry),
    siren: clean(buyer.siren)?.replace(/\s/g, '') ?? null,
    siret: null,
    vatNumber: clean(buyer.vat_number)?.replace(/\s/g, '').toUpperCase() ?? null,
    email: clean(buyer.email),
  };
}

/** Splits `amount` over `weights` in proportion, exactly: the parts add up to `amount` (largest remainder, earlier first on ties). */
export function splitExactly(amount: bigint, weights: readonly bigint[]): bigint[] {
  const total = weights.reduce((a, b) => a + b, 0n);
  if (total === 0n) return weights.map((_, i) => (i === 0 ? amount : 0n));
  const parts = weights.map((w) => (amount * w) / total);
  const remainders = weights.map((w, i) => ({ i, r: (amount * w) % total }));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  let left = amount - parts.reduce((a, b) => a + b, 0n);
  const step = left < 0n ? -1n : 1n;
  for (let k = 0; left !== 0n; k += 1) {
    parts[remainders[k % remainders.length].i] += step;
    left -= step;
  }
  return parts;
}

/** A line's net unit price, 4 decimals, from its net and quantity (both positive). */
const unitPrice = (netCents: bigint, quantityHundredths: bigint) => (quantityHundredths === 0n ? netCents * 100n : roundDiv(netCents * 10_000n, quantityHundredths));

const categoryOf = (vatExempt: boolean, vatBasisPoints: number): VatCategory => (vatExempt ? 'E' : vatBasisPoints === 0 ? 'Z' : 'S');

/** A line before its category is known. */
interface RawLine {
  name: string;
  quantityHundredths: bigint;
  netCents: bigint;
  vatBasisPoints: number;
}

/** An invoice line as stored (an invoice item's fields the e-invoice reads). */
export type EInvoiceItem = LineInput & { description?: string | null; display_order?: number };

/** A line's own discount in basis points, 0 to 100 %. */
const lineDiscount = (line: LineInput) => {
  const bp = toHundredths(line.discount_percentage);
  return bp < 0n ? 0n : bp > 10_000n ? 10_000n : bp;
};

const rateOf = (line: { vat_percentage?: number | string | null }) => Number(toHundredths(line.vat_percentage));

/**
 * An invoice's lines, discounts and VAT breakdown from its items, computed by the same rules as its
 * totals (totals.ts): each rate's lines priced without tax keep their nets; the lines priced with
 * tax share their rate's derived net in proportion to their totals; document discounts become one
 * allowance per rate (the rate's base before discounts less after); deducted deposits are lines of
 * quantity −1.
 */
function invoiceLines(items: readonly EInvoiceItem[]): { lines: RawLine[]; allowances: { vatBasisPoints: number; amountCents: bigint }[]; vat: { vatBasisPoints: number; baseCents: bigint; vatCents: bigint }[] } {
  const totals = computeTotals(items);
  const priced = items.map((item, i) => ({ item, amounts: totals.lines[i] })).filter(({ item }) => item.item_type === 'SESSION_TYPE' || item.item_type === DEPOSIT_LINE);
  const undiscounted = computeTotals(items.filter((i) => i.item_type === 'SESSION_TYPE')).vat;
  const lines: (RawLine & { withTaxWeight: bigint | null })[] = priced.map(({ item, amounts }) => {
    const deposit = item.item_type === DEPOSIT_LINE;
    const quantity = deposit ? -100n : toHundredths(item.quantity ?? 1);
    // Priced without tax: quantity × unit price, rounded, less the line's discount, rounded (as totals.ts computes it).
    const net = deposit ? amounts.priceWithoutTaxCents : amounts.priceIncludesTax ? 0n : roundDiv(roundDiv(quantity * amounts.priceWithoutTaxCents, 100n) * (10_000n - lineDiscount(item)), 10_000n);
    return { name: clean(item.description) ?? (deposit ? 'Acompte' : 'Prestation'), quantityHundredths: quantity, netCents: net, vatBasisPoints: rateOf(item), withTaxWeight: !deposit && amounts.priceIncludesTax ? amounts.totalCents : null };
  });
  // Each rate's lines priced with tax share what is left of the rate's base once the lines priced without tax have theirs.
  for (const rate of undiscounted) {
    const withoutTax = lines.filter((l) => l.vatBasisPoints === rate.vatBasisPoints && l.withTaxWeight === null && l.quantityHundredths >= 0n);
    const withTax = lines.filter((l) => l.vatBasisPoints === rate.vatBasisPoints && l.withTaxWeight !== null);
    const plainNets = withoutTax.reduce((sum, l) => sum + l.netCents, 0n);
    const shares = splitExactly(rate.baseCents - plainNets, withTax.map((l) => l.withTaxWeight ?? 0n));
    withTax.forEach((l, i) => (l.netCents = shares[i]));
  }
  const deducted = (bp: number) => lines.filter((l) => l.quantityHundredths < 0n && l.vatBasisPoints === bp).reduce((sum, l) => sum + l.netCents, 0n);
  const allowances = undiscounted
    .map((rate) => {
      const after = totals.vat.find((v) => v.vatBasisPoints === rate.vatBasisPoints);
      return { vatBasisPoints: rate.vatBasisPoints, amountCents: rate.baseCents - ((after?.baseCents ?? 0n) - deducted(rate.vatBasisPoints)) };
    })
    .filter((a) => a.amountCents !== 0n);
  return { lines, allowances, vat: totals.vat };
}

/** A credit note's lines: the credited lines (each rate's base shared by their totals), or one line per rate for an amount. */
function creditLines(credited: readonly CreditedLine[], parts: readonly CreditVatPart[], amountLabel: string): RawLine[] {
  if (credited.length === 0) return parts.map((p) => ({ name: amountLabel, quantityHundredths: 100n, netCents: p.baseCents, vatBasisPoints: p.vatBasisPoints }));
  return parts.flatMap((part) => {
    const atRate = credited.filter((l) => l.vatBasisPoints === part.vatBasisPoints);
    const nets = splitExactly(part.baseCents, atRate.map((l) => l.withTaxCents));
    return atRate.map((l, i) => ({ name: clean(l.description) ?? amountLabel, quantityHundredths: l.quantityHundredths > 0n ? l.quantityHundredths : 100n, netCents: nets[i], vatBasisPoints: l.vatBasisPoints }));
  });
}

/** A credited line of a credit note (its total with tax, as credited). */
export interface CreditedLine {
  description: string | null;
  quantityHundredths: bigint;
  vatBasisPoints: number;
  withTaxCents: bigint;
}

/** What an e-invoice is made from: the document's header, seller, buyer, and either an invoice's items or a credit note's parts. */
export interface EInvoiceInput {
  typeCode: EInvoiceTypeCode;
  number: string;
  issueDate: string;
  dueDate: string | null;
  seller: EInvoiceSeller;
  buyer: InvoiceBuyer | null;
  preceding?: { number: string; issueDate: string } | null;
  /** An invoice (380, 386): its items. */
  items?: readonly EInvoiceItem[];
  /** A credit note (381): its credited lines (none for an amount) and its VAT parts (credit-vat.ts). */
  credit?: { lines: readonly CreditedLine[]; parts: readonly CreditVatPart[] };
  /** The label of a discount allowance and of an amount-only credit line, in the client's language. */
  words?: { discount: string; credited: string };
}

/** The e-invoice of an invoice, deposit invoice or credit note. */
export function eInvoiceOf(input: EInvoiceInput): EInvoice {
  const words = input.words ?? { discount: 'Remise', credited: 'Montant crédité' };
  const exempt = Boolean(input.seller.vat_exempt);
  const source = input.credit
    ? { lines: creditLines(input.credit.lines, input.credit.parts, words.credited), allowances: [], vat: [...input.credit.parts] }
    : invoiceLines(input.items ?? []);
  const lines: EInvoiceLine[] = source.lines.map((l, i) => {
    const negative = l.quantityHundredths < 0n;
    return {
      id: String(i + 1),
      name: l.name,
      quantityHundredths: l.quantityHundredths,
      netCents: l.netCents,
      priceTenThousandths: unitPrice(negative ? -l.netCents : l.netCents, negative ? -l.quantityHundredths : l.quantityHundredths),
      category: categoryOf(exempt, l.vatBasisPoints),
      vatBasisPoints: l.vatBasisPoints,
    };
  });
  const allowances: EInvoiceAllowance[] = source.allowances.map((a) => ({ ...a, category: categoryOf(exempt, a.vatBasisPoints), reason: words.discount }));
  const vat: EInvoiceVat[] = source.vat.map((v) => ({
    category: categoryOf(exempt, v.vatBasisPoints),
    vatBasisPoints: v.vatBasisPoints,
    baseCents: v.baseCents,
    vatCents: v.vatCents,
    exemptionReason: exempt ? FRANCHISE_REASON : null,
  }));
  const lineTotalCents = lines.reduce((sum, l) => sum + l.netCents, 0n);
  const allowanceTotalCents = allowances.reduce((sum, a) => sum + a.amountCents, 0n);
  const taxExclusiveCents = vat.reduce((sum, v) => sum + v.baseCents, 0n);
  const taxCents = vat.reduce((sum, v) => sum + v.vatCents, 0n);
  const seller = sellerParty(input.seller);
  const lateRate = input.seller.late_payment_rate;
  const notes = [
    { subjectCode: 'PMT', text: 'Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 €' },
    { subjectCode: 'PMD', text: `Pénalités de retard : ${lateRate !== null && String(lateRate).trim() !== '' ? `${String(lateRate)} % l'an` : "trois fois le taux d'intérêt légal"}` },
    { subjectCode: 'AAB', text: "Pas d'escompte pour paiement anticipé" },
  ];
  if (exempt) notes.push({ subjectCode: 'AAI', text: FRANCHISE_REASON });
  return {
    typeCode: input.typeCode,
    number: input.number,
    issueDate: input.issueDate,
    dueDate: input.dueDate,
    currency: 'EUR',
    seller,
    buyer: input.buyer ? buyerParty(input.buyer, seller.countryCode) : null,
    preceding: input.preceding ?? null,
    lines,
    allowances,
    vat,
    totals: { lineTotalCents, allowanceTotalCents, taxExclusiveCents, taxCents, taxInclusiveCents: taxExclusiveCents + taxCents, payableCents: taxExclusiveCents + taxCents },
    payment: clean(input.seller.iban) ? { iban: (clean(input.seller.iban) ?? '').replace(/\s/g, '').toUpperCase(), bic: clean(input.seller.bic) } : null,
    paymentTerms: input.seller.payment_terms_days != null ? `Paiement à ${input.seller.payment_terms_days} jours` : input.dueDate ? `Paiement au plus tard le ${input.dueDate}` : null,
    notes,
  };
}
