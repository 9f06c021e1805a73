import { isPriced } from '../../domain/invoicing/document-lines';
import { zeroRateReasonOf } from '../../domain/regimes/zero-rate-reason';
import { languageOf } from '../../domain/accounts/locale-language';
import { type DocumentSources } from '../../db/queries/document-sources';
import { type Studio } from '../../db/queries/studios';
import { type UserLocale } from '../../domain/accounts/users';
import { countryCode, countryName } from '../../domain/countries';
import { type InvoiceBuyer } from '../../domain/invoicing/buyer';
import { type DeliveryAddress, deliveryDiffers } from '../../domain/invoicing/delivery-address';
import { type InvoiceOperation } from '../../domain/invoicing/operation-category';
import { DOCUMENT_WORDS, type DocumentView } from '../../domain/invoicing/document-html';
import { toHundredths } from '../../domain/invoicing/money';
import { provides, studioRegimeOf } from '../../domain/regimes';
import { documentLaw, type LawDocument, registrationsRegion } from '../../domain/regimes/document-law';
import { type LegalFacts } from '../../domain/regimes/legal-facts';
import { postalLines } from '../../domain/postal-address';
import { supplyDayOf } from '../../domain/invoicing/service-delivery';

// The studio and the client on a document file (document-view.ts), and what the studio's country's
// law changes on it (issue 30 §3, §4): a studio under the templates' own law (France) prints as it always has.

/**
 * The country whose order an address is printed in (issue 30 §4): none for the documents of a
 * studio under the templates' own law (`Regime.templateLaw`), which print every address as they
 * always have; otherwise the address's own country, or the studio's for an address that names none.
 */
function addressOrder(company: DocumentSources['company'], country: string | null): string | null {
  if (!company || studioRegimeOf(company.company_country).templateLaw) return null;
  return countryCode(country, countryCode(company.company_country, null));
}

/** The studio on the document: its company profile, or its account name before it has one. */
export function companyOf(
  company: DocumentSources['company'],
  owner: Studio,
  locale: UserLocale,
): DocumentView['company'] {
  return company
    ? {
        name: company.company_name,
        legalForm: company.legal_form,
        shareCapitalCents: company.share_capital === null ? null : toHundredths(company.share_capital),
        siren: company.siren,
        siret: company.siret,
        vatNumber: company.vat_number,
        rcsCity: company.rcs_city,
        address: [
          ...postalLines(
            { street: company.company_street, zipcode: company.company_zipcode, city: company.company_city },
            addressOrder(company, company.company_country),
            company.company_region ?? registrationsRegion(company.tax_registrations),
          ),
          countryName(company.company_country, locale),
        ].filter((s): s is string => Boolean(s)),
        email: company.email,
        phone: company.phone,
      }
    : {
        name: owner.name || owner.owner_email,
        legalForm: null,
        shareCapitalCents: null,
        siren: null,
        siret: null,
        vatNumber: null,
        rcsCity: null,
        address: [],
        email: owner.owner_email,
        phone: null,
      };
}

/**
 * How the client pays, from the profile. The late-payment interest with its €40 recovery fee and
 * the franchise en base (art. 293 B CGI) are the templates' own law's (`Regime.templateLaw`,
 * France's): a studio under another law prints neither (its own law's mentions come from
 * documentLaw); the reform's mentions are its add-on's (`reform-mentions`).
 */
export function paymentOf(
  company: NonNullable<DocumentSources['company']>,
  operation: InvoiceOperation,
): DocumentView['payment'] {
  const regime = studioRegimeOf(company.company_country);
  const reform = provides(regime, 'reform-mentions');
  return {
    iban: company.iban,
    bic: company.bic,
    termsDays: company.payment_terms_days,
    lateRate: regime.templateLaw ? company.late_payment_rate : null,
    vatExempt: regime.templateLaw && company.vat_exempt,
    // The reform's mentions (issue 32 §5): what the invoice's lines sell, and the option for VAT on debits.
    operation: reform ? operation : null,
    vatOnDebits: reform && Boolean(company.vat_on_debits),
  };
}

/**
 * The delivery address block of an invoice (issue 32 §5), when its goods go elsewhere than the
 * client's billing address (deliveryDiffers): who receives them, the address in its country's
 * order, the country; null otherwise.
 */
export function deliverToLines(
  address: DeliveryAddress | null | undefined,
  buyer: InvoiceBuyer | null,
  locale: UserLocale,
  studio: DocumentSources['company'],
): string[] | null {
  if (!address || !deliveryDiffers(address, buyer, countryCode(studio?.company_country))) return null;
  return [
    address.name ?? null,
    ...postalLines(address, addressOrder(studio, address.country), address.region),
    countryName(address.country, locale),
  ].filter((s): s is string => Boolean(s));
}

/**
 * A studio's law's title, mentions and tax words on the view (issue 30 §3, §4): those its issue
 * decided and kept (`kept`, an issued invoice's legal_facts), else read from the totals and dates
 * the view prints. A studio under the templates' own law keeps its view as it was.
 */
export function withLaw(
  view: DocumentView,
  company: DocumentSources['company'],
  buyer: InvoiceBuyer | null,
  kept?: LegalFacts | null,
): void {
  const delivery = view.delivery;
  const doc: LawDocument = {
    kind: view.kind,
    locale: view.locale,
    currency: view.currency,
    vat: view.body.vat,
    taxes: view.body.taxes,
    totalWithTaxCents: view.body.totalWithTaxCents,
    issuedOn: view.issuedOn,
    supplyDate: supplyDayOf(delivery),
    dueDate: view.kind === 'invoice' ? view.untilDate : null,
    zeroRateReason: zeroRateReasonOf(view.body.lines.filter(isPriced)),
  };
  const law = documentLaw(company, buyer, doc, kept);
  if (law) view.law = law;
}

/**
 * The client block of a document: a company first by its name, then the person, the address, and
 * the company's SIREN and VAT number (issue 20 §6). An issued invoice shows its buyer as copied at
 * issue (§3): later edits of the contact do not change the document.
 */
export function buyerClient(
  buyer: InvoiceBuyer,
  locale: UserLocale,
  studio: DocumentSources['company'],
): DocumentView['client'] {
  const words = DOCUMENT_WORDS[languageOf(locale)];
  const company = buyer.company_name && buyer.company_name !== buyer.name ? buyer.company_name : null;
  return {
    name: company ?? buyer.name,
    email: buyer.email,
    address: [
      company ? buyer.name : null,
      ...postalLines(buyer, addressOrder(studio, buyer.country), buyer.region),
      countryName(buyer.country, locale),
      buyer.siren ? `${words.siren} ${buyer.siren}` : null,
      buyer.vat_number ? `${words.vatNumber} ${buyer.vat_number}` : null,
    ].filter((s): s is string => Boolean(s)),
  };
}
