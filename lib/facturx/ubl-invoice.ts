import { billingFrameworkCode } from '../../domain/invoicing/billing-framework';
import { DEFAULT_REGIME, provides, studioRegimeOf } from '../../domain/regimes';
import { type Invoice } from '@e-invoice-eu/core';
import {
  type EInvoice,
  type EInvoiceDeliverTo,
  type EInvoiceParty,
  type VatCategory,
} from '../../domain/invoicing/e-invoice';
import { categoriesOf } from '../../domain/invoicing/operation-category';

/**
 * An e-invoice (domain/invoicing/e-invoice.ts) in the input format of `@e-invoice-eu/core`: UBL
 * 2.1 as JSON (`cbc:`/`cac:` keys, attributes as `key@attribute`), which the library turns into
 * CII D16B (profile EN 16931) and embeds in the Factur-X pdf. Every amount is written from the
 * e-invoice's cents, exactly as the gate (e-invoice-rules.ts) checked them.
 */

/** Cents as a decimal string with two decimals (`-12.05`). */
export function money(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** A fixed-point value with `scale` decimals, trailing zeros dropped (`5.5`, `1`, `12.345`). */
function decimal(value: bigint, scale: number): string {
  const unit = 10n ** BigInt(scale);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const fraction = String(abs % unit)
    .padStart(scale, '0')
    .replace(/0+$/, '');
  return `${sign}${abs / unit}${fraction ? `.${fraction}` : ''}`;
}

const percent = (basisPoints: number) => decimal(BigInt(basisPoints), 2);

function taxCategory(category: VatCategory, basisPoints: number, exemptionReason?: string | null) {
  return {
    'cbc:ID': category,
    'cbc:Percent': percent(basisPoints),
    ...(exemptionReason ? { 'cbc:TaxExemptionReason': exemptionReason } : {}),
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  };
}

function address(party: EInvoiceParty) {
  return {
    ...(party.street ? { 'cbc:StreetName': party.street } : {}),
    ...(party.city ? { 'cbc:CityName': party.city } : {}),
    ...(party.zipcode ? { 'cbc:PostalZone': party.zipcode } : {}),
    'cac:Country': { 'cbc:IdentificationCode': party.countryCode ?? DEFAULT_REGIME.code },
  };
}

/**
 * A party: its electronic address (email, scheme EM), its SIRET (BT-29/BT-46, scheme 0009), its
 * SIREN as legal registration (BT-30/BT-47, scheme 0002), its VAT number; a seller without one (a
 * VAT exempt studio) gives its SIREN as tax registration (BT-32), as BR-E-02 asks.
 */
function party(p: EInvoiceParty, seller: boolean) {
  const taxSchemes = p.vatNumber
    ? [{ 'cbc:CompanyID': p.vatNumber, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }]
    : seller && p.siren
      ? [{ 'cbc:CompanyID': p.siren, 'cac:TaxScheme': { 'cbc:ID': 'FC' } }]
      : [];
  return {
    'cac:Party': {
      ...(p.email ? { 'cbc:EndpointID': p.email, 'cbc:EndpointID@schemeID': 'EM' } : {}),
      ...(p.siret ? { 'cac:PartyIdentification': [{ 'cbc:ID': p.siret, 'cbc:ID@schemeID': '0009' }] } : {}),
      ...(p.name ? { 'cac:PartyName': { 'cbc:Name': p.name } } : {}),
      'cac:PostalAddress': address(p),
      // The seller may have several tax registrations (an array); the buyer one (an object).
      ...(taxSchemes.length ? { 'cac:PartyTaxScheme': seller ? taxSchemes : taxSchemes[0] } : {}),
      'cac:PartyLegalEntity': {
        'cbc:RegistrationName': p.name,
        ...(p.siren ? { 'cbc:CompanyID': p.siren, 'cbc:CompanyID@schemeID': '0002' } : {}),
      },
    },
  };
}

/**
 * The French billing framework (BT-23, BR-FR-08; domain/invoicing/billing-framework.ts): what the
 * invoice sells, B (goods), S (services) or M (both; its category of operation, issue 32 §5),
 * and 4 for a final invoice after deposits (it deducts some), else 1.
 */
const billingMode = (doc: EInvoice) =>
  billingFrameworkCode({
    categories: categoriesOf(doc.operation ?? 'SERVICES'),
    deductsDeposits: doc.lines.some((l) => l.quantityHundredths < 0n),
    paidAtIssue: false,
  });

/** BG-15 and BT-70: the deliver to address and party (the library writes them as CII's ShipToTradeParty). */
function deliverTo(to: EInvoiceDeliverTo) {
  // In UBL's order: the location, then the party.
  return {
    'cac:DeliveryLocation': {
      'cac:Address': {
        ...(to.street ? { 'cbc:StreetName': to.street } : {}),
        ...(to.city ? { 'cbc:CityName': to.city } : {}),
        ...(to.zipcode ? { 'cbc:PostalZone': to.zipcode } : {}),
        ...(to.region ? { 'cbc:CountrySubentity': to.region } : {}),
        // The gate refuses a deliver to address without its country (BR-57) before this is written.
        'cac:Country': { 'cbc:IdentificationCode': to.countryCode ?? '' },
      },
    },
    ...(to.name ? { 'cac:DeliveryParty': { 'cac:PartyName': { 'cbc:Name': to.name } } } : {}),
  };
}

/**
 * BG-13: the service's day (BT-72) and where the goods go (BG-15); a service over several days
 * states its period (BG-14, cac:InvoicePeriod) instead of a day.
 */
function delivery(doc: EInvoice) {
  const day = 'day' in doc.delivery ? { 'cbc:ActualDeliveryDate': doc.delivery.day } : {};
  const to = doc.deliverTo ? deliverTo(doc.deliverTo) : {};
  return Object.keys(day).length + Object.keys(to).length > 0 ? { 'cac:Delivery': { ...day, ...to } } : {};
}

/** BG-3: the invoice a credit note corrects (its number and day); nothing otherwise. */
function billingReference(doc: EInvoice) {
  if (!doc.preceding) return {};
  return {
    'cac:BillingReference': [
      { 'cac:InvoiceDocumentReference': { 'cbc:ID': doc.preceding.number, 'cbc:IssueDate': doc.preceding.issueDate } },
    ],
  };
}

/** The buyer of a document without a client: every field empty. */
const NO_BUYER: Parameters<typeof party>[0] = {
  name: '',
  street: null,
  zipcode: null,
  city: null,
  countryCode: null,
  siren: null,
  siret: null,
  vatNumber: null,
  email: null,
};

/** BG-16: a credit transfer (code 58) to the studio's account, when it gave one. */
function paymentMeans(doc: EInvoice) {
  if (!doc.payment) return {};
  return {
    'cac:PaymentMeans': [
      {
        'cbc:PaymentMeansCode': '58',
        'cac:PayeeFinancialAccount': {
          'cbc:ID': doc.payment.iban,
          ...(doc.payment.bic ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': doc.payment.bic } } : {}),
        },
      },
    ],
  };
}

/** BG-20: the document's own allowances, each with its tax category. */
function documentAllowances(doc: EInvoice) {
  if (!doc.allowances.length) return {};
  return {
    'cac:AllowanceCharge': doc.allowances.map((a) => ({
      'cbc:ChargeIndicator': 'false',
      'cbc:AllowanceChargeReason': a.reason,
      'cbc:Amount': money(a.amountCents),
      'cbc:Amount@currencyID': doc.currency,
      'cac:TaxCategory': taxCategory(a.category, a.vatBasisPoints),
    })),
  };
}

/** BG-23: the tax, and its subtotal per category and rate. */
function taxTotal(doc: EInvoice) {
  const CURRENCY = doc.currency;
  return [
    {
      'cbc:TaxAmount': money(doc.totals.taxCents),
      'cbc:TaxAmount@currencyID': CURRENCY,
      'cac:TaxSubtotal': doc.vat.map((v) => ({
        'cbc:TaxableAmount': money(v.baseCents),
        'cbc:TaxableAmount@currencyID': CURRENCY,
        'cbc:TaxAmount': money(v.vatCents),
        'cbc:TaxAmount@currencyID': CURRENCY,
        'cac:TaxCategory': taxCategory(v.category, v.vatBasisPoints, v.exemptionReason),
      })),
    },
  ];
}

/** BG-22: the document's totals. */
function monetaryTotal(doc: EInvoice) {
  const CURRENCY = doc.currency;
  const t = doc.totals;
  return {
    'cbc:LineExtensionAmount': money(t.lineTotalCents),
    'cbc:LineExtensionAmount@currencyID': CURRENCY,
    'cbc:TaxExclusiveAmount': money(t.taxExclusiveCents),
    'cbc:TaxExclusiveAmount@currencyID': CURRENCY,
    'cbc:TaxInclusiveAmount': money(t.taxInclusiveCents),
    'cbc:TaxInclusiveAmount@currencyID': CURRENCY,
    ...(t.allowanceTotalCents !== 0n
      ? {
          'cbc:AllowanceTotalAmount': money(t.allowanceTotalCents),
          'cbc:AllowanceTotalAmount@currencyID': CURRENCY,
        }
      : {}),
    'cbc:PayableAmount': money(t.payableCents),
    'cbc:PayableAmount@currencyID': CURRENCY,
  };
}

/** BG-25: one line, its quantity, net amount, item, own discount and price. */
function invoiceLine(l: EInvoice['lines'][number], CURRENCY: string) {
  return {
    'cbc:ID': l.id,
    // BT-127: why the line is sold at 0 % (a zero-rated line's category Z takes no exemption reason, BR-Z-10).
    ...(l.note ? { 'cbc:Note': l.note } : {}),
    'cbc:InvoicedQuantity': decimal(l.quantityHundredths, 2),
    'cbc:InvoicedQuantity@unitCode': 'C62',
    'cbc:LineExtensionAmount': money(l.netCents),
    'cbc:LineExtensionAmount@currencyID': CURRENCY,
    'cac:Item': { 'cbc:Name': l.name, 'cac:ClassifiedTaxCategory': taxCategory(l.category, l.vatBasisPoints) },
    // The line's own discount (BG-27): its rate, base and amount; the price stays the gross one.
    ...(l.allowance
      ? {
          'cac:AllowanceCharge': [
            {
              'cbc:ChargeIndicator': 'false',
              'cbc:AllowanceChargeReasonCode': '95',
              'cbc:AllowanceChargeReason': l.allowance.reason,
              'cbc:MultiplierFactorNumeric': percent(Number(l.allowance.percentBasisPoints)),
              'cbc:Amount': money(l.allowance.amountCents),
              'cbc:Amount@currencyID': CURRENCY,
              'cbc:BaseAmount': money(l.allowance.baseCents),
              'cbc:BaseAmount@currencyID': CURRENCY,
            },
          ],
        }
      : {}),
    'cac:Price': {
      'cbc:PriceAmount': decimal(l.price.units, l.price.decimals),
      'cbc:PriceAmount@currencyID': CURRENCY,
    },
  };
}

/** The library's invoice of an e-invoice. */
export function ublInvoice(doc: EInvoice): Invoice {
  const CURRENCY = doc.currency;
  const reform = provides(studioRegimeOf(doc.seller.countryCode), 'reform-mentions');
  const invoice = {
    'ubl:Invoice': {
      'cbc:CustomizationID': 'urn:cen.eu:en16931:2017',
      // The billing mode (BT-23) is France's reform's; elsewhere the plain EN 16931 core invoice.
      ...(reform ? { 'cbc:ProfileID': billingMode(doc) } : {}),
      'cbc:ID': doc.number,
      'cbc:IssueDate': doc.issueDate,
      ...(doc.dueDate ? { 'cbc:DueDate': doc.dueDate } : {}),
      'cbc:InvoiceTypeCode': doc.typeCode,
      // Without their subject codes here: generate.ts writes the notes into the CII with them.
      'cbc:Note': doc.notes.map((n) => n.text),
      'cbc:DocumentCurrencyCode': CURRENCY,
      ...billingReference(doc),
      'cac:AccountingSupplierParty': party(doc.seller, true),
      'cac:AccountingCustomerParty': party(doc.buyer ?? NO_BUYER, false),
      // BT-72, the service's day, or BG-14, the period it spans (as the pdf prints it); BG-15, where the goods go.
      ...('day' in doc.delivery
        ? {}
        : { 'cac:InvoicePeriod': { 'cbc:StartDate': doc.delivery.start, 'cbc:EndDate': doc.delivery.end } }),
      ...delivery(doc),
      ...paymentMeans(doc),
      ...(doc.paymentTerms ? { 'cac:PaymentTerms': { 'cbc:Note': doc.paymentTerms } } : {}),
      ...documentAllowances(doc),
      'cac:TaxTotal': taxTotal(doc),
      'cac:LegalMonetaryTotal': monetaryTotal(doc),
      'cac:InvoiceLine': doc.lines.map((l) => invoiceLine(l, CURRENCY)),
    },
  };
  // The library validates its input against its own JSON schema when it generates.
  return invoice as unknown as Invoice;
}
