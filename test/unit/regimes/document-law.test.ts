import { itemDocumentLines } from '../../../domain/invoicing/document-lines';
import { documentHtml, documentTitle, documentWords, type DocumentView } from '../../../domain/invoicing/document-html';
import { documentLaw, type LawDocument, registrationsRegion } from '../../../domain/regimes/document-law';
import { ENGLISH_TAX_WORDS, printedMentions, taxWordsOf, TITLE_WORDS } from '../../../domain/regimes/document-words';
import { documentRules } from '../../../domain/regimes';
import { type IssuingSeller, jurisdictionInputOf } from '../../../domain/regimes/issue-input';
import { type LegalFacts, legalFactsOf } from '../../../domain/regimes/legal-facts';

const studio = (over: Partial<IssuingSeller>): IssuingSeller => ({
  company_name: 'Harbour Light Photography',
  company_street: '1 George Street',
  company_zipcode: '2000',
  company_city: 'Sydney',
  company_country: 'AU',
  siren: null,
  siret: null,
  vat_number: null,
  vat_exempt: false,
  late_payment_rate: null,
  payment_terms_days: 14,
  tax_registrations: [{ kind: 'AU_ABN', number: '51824753556' }],
  ...over,
});

const buyer = {
  name: 'Sam Client',
  email: null,
  street: '2 Side Road',
  zipcode: '3000',
  city: 'Melbourne',
  country: 'AU',
  contact_type: 'PERSON',
};

/** A one-line document of `net` at `rate` (a vat_percentage). */
function doc(net: string, rate: string, over: Partial<LawDocument> = {}): LawDocument {
  const body = itemDocumentLines([
    { item_type: 'SESSION_TYPE', description: 'Wedding', quantity: '1', price_without_tax: net, vat_percentage: rate },
  ]);
  return {
    kind: 'invoice',
    locale: 'en-US',
    currency: 'AUD',
    vat: body.vat,
    totalWithTaxCents: body.totalWithTaxCents,
    issuedOn: '2026-03-07',
    supplyDate: '2026-03-01',
    ...over,
  };
}

describe('the tax words of an English document, by country', () => {
  it('say Sales tax in the US, GST in Australia, Tax in Canada, VAT in the UK, Ireland and elsewhere', () => {
    expect(taxWordsOf('US', 'en-US')).toEqual({
      vat: 'Sales tax',
      totalVat: 'Total sales tax',
      vatSummary: 'Sales tax summary',
    });
    expect(taxWordsOf('AU', 'en-US').totalVat).toBe('Total GST');
    expect(taxWordsOf('CA', 'en-US').vatSummary).toBe('Tax summary');
    expect(taxWordsOf('GB', 'en-US').vat).toBe('VAT');
    expect(taxWordsOf('IE', 'en-US')).toEqual(ENGLISH_TAX_WORDS.GB);
    expect(taxWordsOf('DE', 'en-US').vat).toBe('VAT');
  });

  it('leave French words as they are, but in Canada, where TVA is not the tax (TPS, TVQ, TVH)', () => {
    expect(taxWordsOf('US', 'fr-FR')).toEqual({});
    expect(taxWordsOf('CA', 'fr-CA')).toEqual({
      vat: 'Taxes',
      totalVat: 'Total des taxes',
      vatSummary: 'Récapitulatif des taxes',
    });
  });
});

describe("the law on a studio's document outside France", () => {
  it('a French studio, or one that has not said where it is, gets none: its documents do not change', () => {
    expect(documentLaw(studio({ company_country: 'FR' }), buyer, doc('100.00', '20'))).toBeNull();
    expect(documentLaw(studio({ company_country: null }), buyer, doc('100.00', '20'))).toBeNull();
    expect(documentLaw(null, buyer, doc('100.00', '20'))).toBeNull();
  });

  it('Australia: a Tax invoice with the ABN and "Total price includes GST"', () => {
    const law = documentLaw(studio({}), buyer, doc('1000.00', '10'));
    expect(law).toEqual({
      title: 'Tax invoice',
      mentions: ['ABN 51 824 753 556', 'Total price includes GST'],
      taxWords: ENGLISH_TAX_WORDS.AU,
    });
    expect(documentLaw(studio({}), buyer, doc('1000.00', '10', { kind: 'credit_note' }))?.title).toBe(
      'Adjustment note',
    );
    expect(documentLaw(studio({}), buyer, doc('1000.00', '10', { locale: 'fr-FR' }))?.title).toBe(
      TITLE_WORDS['fr-FR'].tax_invoice,
    );
  });

  it('an Australian studio not registered for GST: an Invoice saying no GST was charged', () => {
    const law = documentLaw(studio({ vat_exempt: true }), buyer, doc('1000.00', '0'));
    expect(law?.title).toBe('Invoice');
    expect(law?.mentions).toEqual(['ABN 51 824 753 556', 'No GST has been charged']);
  });

  it('the United States: an Invoice with the sales tax permit and its state', () => {
    const law = documentLaw(
      studio({
        company_country: 'US',
        tax_registrations: [{ kind: 'US_SALES_TAX_PERMIT', number: '12-3456789', region: 'NY' }],
      }),
      buyer,
      doc('2500.00', '4', { currency: 'USD' }),
    );
    expect(law).toEqual({
      title: 'Invoice',
      mentions: ['Sales tax permit (NY): 12-3456789'],
      taxWords: ENGLISH_TAX_WORDS.US,
    });
  });

  it('the United Kingdom: a VAT invoice with the VAT number and the time of supply', () => {
    const law = documentLaw(
      studio({ company_country: 'GB', vat_number: 'GB980780684', tax_registrations: [] }),
      buyer,
      doc('1000.00', '20', { currency: 'GBP' }),
    );
    expect(law?.title).toBe('VAT invoice');
    expect(law?.mentions).toEqual(['VAT registration number: GB980780684', 'Time of supply: March 1, 2026']);
  });

  it('a quote gets the tax words but neither title nor mention', () => {
    expect(documentLaw(studio({}), buyer, doc('1000.00', '10', { kind: 'quote' }))).toEqual({
      title: null,
      mentions: [],
      taxWords: ENGLISH_TAX_WORDS.AU,
    });
  });

  it('prints only the mentions the layout does not already show, each once', () => {
    expect(
      printedMentions({
        mentions: [
          { code: 'seller_name', text: 'Studio' },
          { code: 'seller_abn', text: 'ABN 51 824 753 556' },
          { code: 'vat_per_rate', text: 'VAT 20 %' },
          { code: 'reverse_charge', text: 'Reverse charge applies' },
          { code: 'other', text: 'Reverse charge applies' },
        ],
      }),
    ).toEqual(['ABN 51 824 753 556', 'Reverse charge applies']);
  });

  it("takes a studio's state from its registrations when they name one only", () => {
    expect(registrationsRegion([{ kind: 'US_SALES_TAX_PERMIT', number: '1', region: 'ny' }])).toBe('NY');
    expect(
      registrationsRegion([
        { kind: 'US_SALES_TAX_PERMIT', number: '1', region: 'NY' },
        { kind: 'US_SALES_TAX_PERMIT', number: '2', region: 'NJ' },
      ]),
    ).toBeNull();
    expect(registrationsRegion([{ kind: 'AU_ABN', number: '51824753556' }])).toBeNull();
    expect(registrationsRegion(null)).toBeNull();
  });
});

describe('the html of a document with its law', () => {
  const view = (law: DocumentView['law']): DocumentView => ({
    kind: 'invoice',
    locale: 'en-US',
    currency: 'USD',
    number: 'INV-1',
    title: 'Wedding',
    description: null,
    issuedOn: '2026-03-07',
    untilDate: null,
    status: 'ISSUED',
    company: {
      name: 'Brooklyn Light',
      legalForm: null,
      shareCapitalCents: null,
      siren: null,
      siret: null,
      vatNumber: null,
      rcsCity: null,
      address: [],
      email: null,
      phone: null,
    },
    payment: null,
    client: null,
    body: itemDocumentLines([
      {
        item_type: 'SESSION_TYPE',
        description: 'Wedding',
        quantity: '1',
        price_without_tax: '100',
        vat_percentage: '4',
      },
    ]),
    delivery: null,
    ...(law ? { law } : {}),
  });

  it('prints its title, its tax words and its mentions in a block of their own', () => {
    const law = { title: 'Tax invoice', mentions: ['ABN 51 824 753 556'], taxWords: ENGLISH_TAX_WORDS.AU };
    const html = documentHtml(view(law));
    expect(html).toContain('<h1>Tax invoice No. INV-1</h1>');
    expect(html).toContain('GST summary');
    expect(html).toContain('Total GST');
    expect(html).not.toContain('VAT');
    expect(html).toContain('<div class="payment mentions"><p>ABN 51 824 753 556</p></div>');
  });

  it('without a law, is the html it always was', () => {
    const html = documentHtml(view(null));
    expect(html).toContain('<h1>Invoice No. INV-1</h1>');
    expect(html).toContain('VAT summary');
    expect(html).not.toContain('mentions');
    expect(documentWords(view(null))).toEqual(documentWords({ locale: 'en-US' }));
  });

  it('a deposit invoice keeps its word unless its law asks for a title of its own', () => {
    const deposit = { deposit: { quoteNumber: 'Q-1' } };
    const plain = { title: 'Invoice', mentions: [], taxWords: {} };
    const tax = { title: 'Tax invoice', mentions: [], taxWords: {} };
    expect(documentTitle({ ...view(plain), ...deposit })).toBe('Deposit invoice');
    expect(documentTitle({ ...view(tax), ...deposit })).toBe('Tax invoice');
  });
});

describe('the legal facts an issue keeps (issue 42)', () => {
  const kept: LegalFacts = {
    jurisdiction: 'AU',
    titleCode: 'invoice',
    mentions: [{ code: 'abn', text: 'ABN 11 111 111 111', value: '11 111 111 111' }],
    taxFree: true,
  };

  it('are what the rules decide on the same document, so a file worded from them reads as one decided now', () => {
    const input = doc('1000.00', '10');
    const decided = documentLaw(studio({}), buyer, input);
    const issueInput = jurisdictionInputOf(studio({}), buyer, {
      currency: input.currency,
      totalWithTaxCents: input.totalWithTaxCents,
      vat: input.vat,
      issueDate: input.issuedOn,
      supplyDate: input.supplyDate,
    });
    const facts = legalFactsOf(documentRules(issueInput), issueInput);
    expect(documentLaw(studio({}), buyer, input, facts)).toEqual(decided);
  });

  it('are worded as kept, in the document language, and never decided again', () => {
    const law = documentLaw(studio({}), buyer, doc('1000.00', '10'), kept);
    expect(law).toMatchObject({ title: 'Invoice', mentions: ['ABN 11 111 111 111'], taxFree: true });
    expect(law?.title).not.toBe(documentLaw(studio({}), buyer, doc('1000.00', '10'))?.title);
  });

  it('give nothing to a studio under the templates’ own law, kept or not', () => {
    expect(documentLaw(studio({ company_country: 'FR' }), buyer, doc('100.00', '20'), kept)).toBeNull();
  });
});
