import { countryCode } from '../countries';
import { provides, studioRegimeOf } from '../regimes';
import { type InvoiceBuyer } from './buyer';
import { type CreditVatPart } from './credit-vat';
import {
  creditDocumentLines,
  type CreditedLine,
  type DocumentItem,
  isPriced,
  itemDocumentLines,
  LINE_WORDS,
  type LineWords,
  type UnitPrice,
} from './document-lines';
import { type DeliveryAddress, deliveryDiffers } from './delivery-address';
import { type SellerProfile } from './seller';
import { type InvoiceOperation, invoiceOperation } from './operation-category';
import { zeroRateReasonOf } from '../regimes/zero-rate-reason';
import { type TaxSummary } from './tax-lines';
import { termsAgreeWithDueDate } from './payment-terms';
import { VAT_ON_DEBITS_NOTE, VAT_ON_DEBITS_SUBJECT } from '../addons/fr-e-invoicing/mentions';

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

// The mention of VAT on debits and its subject code are the French add-on's (domain/addons/fr-e-invoicing/mentions.ts).
export { VAT_ON_DEBITS_NOTE, VAT_ON_DEBITS_SUBJECT };

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
  /** BT-146, the net unit price (the studio's, or the net over the quantity: document-lines.ts), never negative. */
  price: UnitPrice;
  /** BG-27, the line's own discount: its rate, base (quantity × price) and amount (base − net). */
  allowance: { percentBasisPoints: bigint; baseCents: bigint; amountCents: bigint; reason: string } | null;
  category: VatCategory;
  vatBasisPoints: number;
  /** BT-127, the line's note: why it is sold at 0 % (issue 40 §5); null without one. */
  note: string | null;
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
  /** ISO 4217: EUR for a French studio (its issue refuses another), the document's elsewhere. */
  currency: string;
  seller: EInvoiceParty;
  buyer: EInvoiceParty | null;
  /** BT-72, the day the service was delivered (the session's day), or BG-14, the period it spans. */
  delivery: ServiceDelivery;
  /** BG-3, the invoice a credit note corrects. */
  preceding: { number: string; issueDate: string } | null;
  lines: EInvoiceLine[];
  allowances: EInvoiceAllowance[];
  vat: EInvoiceVat[];
  /**
   * A document with tax lines (issue 30 §2: outside France, several taxes a line or a rate of three
   * decimals): its summary per tax and rate, standing for `vat` (then empty). Never a French one,
   * so never in a Factur-X file.
   */
  taxes: TaxSummary[] | null;
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
  /** Notes with their UNTDID 4451 subject code (PMT recovery fee, PMD late penalties, AAB discount, TXD VAT on debits). */
  notes: { subjectCode: string; text: string }[];
  /**
   * The category of operation (issue 32 §5): what the invoice's priced lines sell (a credit note:
   * its invoice's), which its billing framework (BT-23) states; null when not known.
   */
  operation: InvoiceOperation | null;
  /** A French seller that opted for VAT on debits: the note (VAT_ON_DEBITS_NOTE) and the VAT point date code say so. */
  vatOnDebits: boolean;
  /**
   * BT-8, the VAT point date code (UNTDID 2005): '3', the invoice's issue date, for services of a
   * French seller that opted for VAT on debits (CII writes it as its code 5); null otherwise.
   */
  vatPointDateCode: '3' | null;
  /** BG-15 and BT-70, the deliver to address and party, when the goods go elsewhere than the buyer's address. */
  deliverTo: EInvoiceDeliverTo | null;
  /** Why its lines at 0 % are (issue 40 §5: zeroRateReasonOf), as a jurisdiction reads it; null when one gives none. */
  zeroRateReason: string | null;
}

/** BG-15 (and BT-70): where the goods are delivered. */
export interface EInvoiceDeliverTo {
  name: string | null;
  street: string | null;
  zipcode: string | null;
  city: string | null;
  /** BT-80, ISO 3166-1 alpha-2, or null when the stored country is not recognised (BR-57). */
  countryCode: string | null;
  region: string | null;
}

/** When the service was delivered: one day (BT-72), or a period of several (BT-73, BT-74), YYYY-MM-DD. */
export type ServiceDelivery = { day: string } | { start: string; end: string };

/** The company profile as the e-invoice reads it: the issue's seller profile and its bank and email. */
export type EInvoiceSeller = SellerProfile & {
  iban: string | null;
  bic: string | null;
  email: string | null;
  /** Opted for VAT on debits (issue 32 §5); absent: no. */
  vat_on_debits?: boolean;
};

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

const categoryOf = (vatExempt: boolean, vatBasisPoints: number): VatCategory =>
  vatExempt ? 'E' : vatBasisPoints === 0 ? 'Z' : 'S';

/** An invoice line as stored (an invoice item's fields the e-invoice reads). */
export type EInvoiceItem = DocumentItem & { display_order?: number };
export { type CreditedLine, splitExactly } from './document-lines';

/** What an e-invoice is made from: the document's header, seller, buyer, and either an invoice's items or a credit note's parts. */
export interface EInvoiceInput {
  typeCode: EInvoiceTypeCode;
  number: string;
  issueDate: string;
  dueDate: string | null;
  /** ISO 4217 code of the document; EUR when not given. */
  currency?: string;
  /** When the service was delivered; the issue date when not given. */
  delivery?: ServiceDelivery | null;
  seller: EInvoiceSeller;
  buyer: InvoiceBuyer | null;
  preceding?: { number: string; issueDate: string } | null;
  /** An invoice (380, 386): its items. */
  items?: readonly EInvoiceItem[];
  /** A credit note (381): its credited lines (none for an amount) and its VAT parts (credit-vat.ts). */
  credit?: { lines: readonly CreditedLine[]; parts: readonly CreditVatPart[] };
  /** The names of unnamed lines and discounts, and of an amount-only credit line, in the client's language (as its pdf prints them). */
  words?: LineWords & { credited: string };
  /** The category of operation; left out, that of `items` (a credit note gives its invoice's). */
  operation?: InvoiceOperation | null;
  /** An invoice's delivery address (issue 32 §5), stated when it differs from the buyer's. */
  deliveryAddress?: DeliveryAddress | null;
}

/** The e-invoice of an invoice, deposit invoice or credit note, from the same lines its pdf prints (document-lines.ts). */
export function eInvoiceOf(input: EInvoiceInput): EInvoice {
  const words = input.words ?? LINE_WORDS['fr-FR'];
  const exempt = Boolean(input.seller.vat_exempt);
  const source = input.credit
    ? creditDocumentLines(input.credit.lines, input.credit.parts, words.credited)
    : itemDocumentLines(input.items ?? [], words);
  const { lines, allowances, vat } = pricedParts(source, exempt, words.discount);
  const seller = sellerParty(input.seller);
  const regime = studioRegimeOf(seller.countryCode);
  const operation =
    input.operation !== undefined ? input.operation : input.items ? invoiceOperation(input.items) : null;
  const vatOnDebits = provides(regime, 'reform-mentions') && Boolean(input.seller.vat_on_debits);
  return {
    typeCode: input.typeCode,
    number: input.number,
    issueDate: input.issueDate,
    dueDate: input.dueDate,
    currency: input.currency ?? 'EUR',
    seller,
    buyer: input.buyer ? buyerParty(input.buyer, seller.countryCode) : null,
    delivery: input.delivery ?? { day: input.issueDate },
    preceding: input.preceding ?? null,
    lines,
    allowances,
    vat,
    taxes: source.taxes ?? null,
    totals: totalsOf(source, lines, allowances, vat),
    payment: clean(input.seller.iban)
      ? { iban: (clean(input.seller.iban) ?? '').replace(/\s/g, '').toUpperCase(), bic: clean(input.seller.bic) }
      : null,
    paymentTerms: paymentTermsOf(input.seller.payment_terms_days, input.dueDate, input.issueDate, regime.templateLaw),
    notes: notesOf(input.seller, regime.templateLaw, exempt, vatOnDebits),
    operation,
    vatOnDebits,
    // VAT on debits concerns services (goods are taxed at delivery): the VAT is due at the invoice's date.
    vatPointDateCode: vatOnDebits && operation !== 'GOODS' ? '3' : null,
    deliverTo: deliverToOf(input.deliveryAddress, input.buyer, seller.countryCode),
    zeroRateReason: zeroRateReasonOf(source.lines.filter(isPriced)),
  };
}

type DocumentLines = ReturnType<typeof itemDocumentLines>;

/** The priced lines, document-level discounts and VAT breakdown of the e-invoice, each with its VAT category. */
function pricedParts(
  source: DocumentLines,
  exempt: boolean,
  discountWord: string,
): { lines: EInvoiceLine[]; allowances: EInvoiceAllowance[]; vat: EInvoiceVat[] } {
  const lines: EInvoiceLine[] = source.lines.filter(isPriced).map((l, i) => ({
    id: String(i + 1),
    name: l.description,
    quantityHundredths: l.quantityHundredths,
    netCents: l.netCents,
    price: l.unitPrice,
    allowance:
      l.discountBasisPoints > 0n
        ? {
            percentBasisPoints: l.discountBasisPoints,
            baseCents: l.grossCents,
            amountCents: l.grossCents - l.netCents,
            reason: discountWord,
          }
        : null,
    category: categoryOf(exempt, l.vatBasisPoints),
    vatBasisPoints: l.vatBasisPoints,
    note: l.zeroRateReason ?? null,
  }));
  const allowances: EInvoiceAllowance[] = source.allowances.map((a) => ({
    ...a,
    category: categoryOf(exempt, a.vatBasisPoints),
    reason: discountWord,
  }));
  const vat: EInvoiceVat[] = source.vat.map((v) => ({
    category: categoryOf(exempt, v.vatBasisPoints),
    vatBasisPoints: v.vatBasisPoints,
    baseCents: v.baseCents,
    vatCents: v.vatCents,
    exemptionReason: exempt ? FRANCHISE_REASON : null,
  }));
  return { lines, allowances, vat };
}

/** The document's totals: from its VAT breakdown, or, for a document with tax lines, from its taxes' totals. */
function totalsOf(
  source: DocumentLines,
  lines: readonly EInvoiceLine[],
  allowances: readonly EInvoiceAllowance[],
  vat: readonly EInvoiceVat[],
): EInvoice['totals'] {
  const lineTotalCents = lines.reduce((sum, l) => sum + l.netCents, 0n);
  const allowanceTotalCents = source.taxes
    ? source.allowanceTotalCents
    : allowances.reduce((sum, a) => sum + a.amountCents, 0n);
  const taxExclusiveCents = source.taxes ? source.totalWithoutTaxCents : vat.reduce((sum, v) => sum + v.baseCents, 0n);
  const taxCents = source.taxes ? source.totalVatCents : vat.reduce((sum, v) => sum + v.vatCents, 0n);
  return {
    lineTotalCents,
    allowanceTotalCents,
    taxExclusiveCents,
    taxCents,
    taxInclusiveCents: taxExclusiveCents + taxCents,
    payableCents: taxExclusiveCents + taxCents,
  };
}

/**
 * The document's notes (BT-22): the templates' own law's mentions (France's: recovery fee, late
 * penalties, no discount, the franchise en base) and, under its reform, the option for VAT on debits.
 */
function notesOf(
  seller: EInvoiceSeller,
  templateLaw: boolean,
  exempt: boolean,
  vatOnDebits: boolean,
): EInvoice['notes'] {
  const lateRate = seller.late_payment_rate;
  const notes = !templateLaw
    ? []
    : [
        {
          subjectCode: 'PMT',
          text: 'Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 €',
        },
        {
          subjectCode: 'PMD',
          text: `Pénalités de retard : ${lateRate !== null && String(lateRate).trim() !== '' ? `${String(lateRate)} % l'an` : "trois fois le taux d'intérêt légal"}`,
        },
        { subjectCode: 'AAB', text: "Pas d'escompte pour paiement anticipé" },
      ];
  if (exempt && templateLaw) notes.push({ subjectCode: 'AAI', text: FRANCHISE_REASON });
  if (vatOnDebits) notes.push({ subjectCode: VAT_ON_DEBITS_SUBJECT, text: VAT_ON_DEBITS_NOTE });
  return notes;
}

/** Where the goods go (BG-13), when it differs from the buyer's address; null otherwise. */
function deliverToOf(
  address: DeliveryAddress | null | undefined,
  buyer: InvoiceBuyer | null,
  sellerCountry: string | null,
): EInvoiceDeliverTo | null {
  if (!address || !deliveryDiffers(address, buyer, sellerCountry)) return null;
  return {
    name: clean(address.name),
    street: clean(address.street),
    zipcode: clean(address.zipcode),
    city: clean(address.city),
    // No fallback: a delivery address names its country (BR-57).
    countryCode: countryCode(address.country, null),
    region: clean(address.region),
  };
}

/**
 * BT-20, the terms of payment, in French for a French studio and in English elsewhere: the
 * profile's terms when the due date (BT-9) agrees with them (payment-terms.ts), else the due date.
 */
function paymentTermsOf(
  days: number | null | undefined,
  dueDate: string | null,
  issueDate: string,
  french: boolean,
): string | null {
  if (days != null && termsAgreeWithDueDate(issueDate, dueDate, days))
    return french ? `Paiement à ${days} jours` : `Payment within ${days} days`;
  if (dueDate) return french ? `Paiement au plus tard le ${dueDate}` : `Due on ${dueDate}`;
  return null;
}
