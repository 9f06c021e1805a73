import { ApplicationFailure } from '@temporalio/common';
import { loadDocumentSources } from '../../db/queries/document-sources';
import { clientLocale } from '../../domain/accounts/client-locale';
import { displayNumber } from '../../domain/invoicing/document-number';
import { type DocumentView } from '../../domain/invoicing/document-html';
import { centsToDecimal } from '../../domain/invoicing/money';
import { toHundredths } from '../../domain/invoicing/money';
import { computeTotals } from '../../domain/invoicing/totals';
import { type DocumentPdfPayload } from '../../workflows/invoicing/contract';

const bp = (basisPoints: number) => centsToDecimal(BigInt(basisPoints)).replace(/\.00$/, '').replace(/(\.\d)0$/, '$1');

/**
 * What a quote or invoice file shows (the pdf and the docx alike), and the storage key and file
 * name they share but for the extension.
 */
export async function loadDocumentView({ kind, documentId, ownerId }: Pick<DocumentPdfPayload, 'kind' | 'documentId' | 'ownerId'>): Promise<{ view: DocumentView; keyBase: string; filenameBase: string; logoKey: string | null }> {
  const sources = await loadDocumentSources(kind, documentId, ownerId);
  if (!sources) throw ApplicationFailure.nonRetryable(`The ${kind} no longer exists`, 'document_not_found');
  const { document, owner, company, contact } = sources;
  const items = [...(document.items ?? [])].sort((a, b) => a.display_order - b.display_order || a.id.localeCompare(b.id));
  const totals = computeTotals(items);
  const number = displayNumber(document, owner.time_zone);
  // The client reads it: the contact's language, else the studio's.
  const locale = clientLocale(contact, owner);
  const view: DocumentView = {
    kind,
    locale,
    number,
    title: document.title,
    description: document.description,
    issuedOn: new Intl.DateTimeFormat('en-CA', { timeZone: owner.time_zone }).format(document.created_at),
    untilDate: sources.untilDate,
    status: document.status,
    // Before any company profile, the document still names the studio: its account name.
    company: company
      ? {
          name: company.company_name,
          legalForm: company.legal_form,
          shareCapitalCents: company.share_capital === null ? null : toHundredths(company.share_capital),
          siren: company.siren,
          siret: company.siret,
          vatNumber: company.vat_number,
          rcsCity: company.rcs_city,
          address: [company.company_street, [company.company_zipcode, company.company_city].filter(Boolean).join(' '), company.company_country].filter((s): s is string => Boolean(s)),
          email: company.email,
          phone: company.phone,
        }
      : { name: owner.name || owner.email, legalForm: null, shareCapitalCents: null, siren: null, siret: null, vatNumber: null, rcsCity: null, address: [], email: owner.email, phone: null },
    payment: company ? { iban: company.iban, bic: company.bic, termsDays: company.payment_terms_days, lateRate: company.late_payment_rate, vatExempt: company.vat_exempt } : null,
    client: contact ? { name: [contact.first_name, contact.last_name].filter(Boolean).join(' '), email: contact.email, address: [contact.street, [contact.zipcode, contact.city].filter(Boolean).join(' '), contact.country].filter((s): s is string => Boolean(s)) } : null,
    lines: items.map((item, i) => ({ type: item.item_type, description: item.description ?? '', quantity: item.quantity, unitWithoutTaxCents: totals.lines[i].priceWithoutTaxCents, vatPercent: bp(Math.round(Number(item.vat_percentage) * 100)), totalCents: totals.lines[i].totalCents })),
    vat: totals.vat.map((v) => ({ percent: bp(v.vatBasisPoints), baseCents: v.baseCents, vatCents: v.vatCents })),
    totalWithoutTaxCents: totals.totalWithoutTaxCents,
    totalVatCents: totals.totalVatCents,
    totalWithTaxCents: totals.totalWithTaxCents,
  };
  const keyBase = `pdfs/${kind === 'quote' ? 'quotes' : 'invoices'}/${ownerId}/${document.id}`;
  const filenameBase = `${kind === 'quote' ? (locale === 'fr-FR' ? 'devis' : 'quote') : locale === 'fr-FR' ? 'facture' : 'invoice'}-${number}`;
  return { view, keyBase, filenameBase, logoKey: owner.logo_key };
}
