import fc from 'fast-check';
import { billingFrameworkCode, type OperationCategory } from '../../../domain/invoicing/billing-framework';
import { paymentLines } from '../../../domain/invoicing/company-lines';
import { type DeliveryAddress, deliveryDiffers } from '../../../domain/invoicing/delivery-address';
import {
  type EInvoiceInput,
  type EInvoiceItem,
  eInvoiceOf,
  VAT_ON_DEBITS_NOTE,
} from '../../../domain/invoicing/e-invoice';
import { failedEInvoiceRules } from '../../../domain/invoicing/e-invoice-rules';
import {
  categoriesOf,
  invoiceOperation,
  lineCategories,
  lineSells,
  operationOf,
} from '../../../domain/invoicing/operation-category';
import { sellerOf } from '../../../domain/invoicing/seller';
import { facturxXml } from '../../../lib/facturx/generate';
import { E_INVOICE_BUYER, E_INVOICE_SELLER } from '../../fixtures/e-invoice-parties';

// Issue 32 §5: the category of operation, the option for VAT on debits and the delivery address.

const line = (category: OperationCategory | undefined, overrides: Partial<EInvoiceItem> = {}): EInvoiceItem => ({
  item_type: 'SESSION_TYPE',
  description: category === 'GOODS' ? 'Tirage 30x40' : 'Séance portrait',
  quantity: 1,
  price_without_tax: '100.00',
  vat_percentage: 20,
  ...(category ? { category } : {}),
  ...overrides,
});

const invoice = (items: EInvoiceItem[], overrides: Partial<EInvoiceInput> = {}) =>
  eInvoiceOf({
    typeCode: '380',
    number: 'F-2026-00042',
    issueDate: '2026-11-27',
    dueDate: '2026-12-27',
    seller: E_INVOICE_SELLER,
    buyer: E_INVOICE_BUYER,
    items,
    ...overrides,
  });

const rules = (doc: ReturnType<typeof eInvoiceOf>) => failedEInvoiceRules(doc).map((f) => f.rule);

const ELSEWHERE: DeliveryAddress = {
  name: 'Mairie de Villeurbanne',
  street: 'Place Lazare-Goujon',
  zipcode: '69100',
  city: 'Villeurbanne',
  country: 'FR',
};

const anyLine = fc.record({
  item_type: fc.constantFrom('SESSION_TYPE', 'TEXT', 'BLANK', 'DISCOUNT', 'DEPOSIT'),
  category: fc.option(fc.constantFrom('SERVICES', 'GOODS'), { nil: undefined }),
});

describe('the category of operation of an invoice (issue 32 §5)', () => {
  it('follows its priced lines: all services, all goods, or both', () => {
    expect(invoiceOperation([line('SERVICES'), line(undefined)])).toBe('SERVICES');
    expect(invoiceOperation([line('GOODS'), line('GOODS')])).toBe('GOODS');
    expect(invoiceOperation([line('GOODS'), line('SERVICES')])).toBe('MIXED');
    // A text, a discount or a deducted deposit sells nothing; no priced line is read as services.
    expect(invoiceOperation([line('GOODS'), { item_type: 'DISCOUNT', category: 'SERVICES' }])).toBe('GOODS');
    expect(invoiceOperation([{ item_type: 'TEXT' }])).toBe('SERVICES');
    expect(lineSells({ item_type: 'DEPOSIT', category: 'GOODS' })).toBeNull();
  });

  it('is MIXED exactly when priced lines sell both, whatever the order, and agrees with the billing framework', () => {
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 12 }), fc.boolean(), (lines, deducts) => {
        const priced = lines.filter((l) => l.item_type === 'SESSION_TYPE');
        const goods = priced.some((l) => l.category === 'GOODS');
        const services = priced.some((l) => l.category !== 'GOODS');
        const operation = invoiceOperation(lines);
        expect(operation).toBe(goods && services ? 'MIXED' : goods ? 'GOODS' : 'SERVICES');
        expect(invoiceOperation([...lines].reverse())).toBe(operation);
        // The code's letter (BT-23) is the operation's: B goods, S services, M both.
        const code = billingFrameworkCode({
          categories: lineCategories(lines),
          deductsDeposits: deducts,
          paidAtIssue: false,
        });
        expect(code[0]).toBe({ GOODS: 'B', SERVICES: 'S', MIXED: 'M' }[operation]);
        expect(operationOf(categoriesOf(operation))).toBe(operation);
      }),
    );
  });

  it('is printed on a French invoice, with the option for VAT on debits, in French and in English', () => {
    const payment = {
      iban: null,
      bic: null,
      termsDays: null,
      lateRate: null,
      vatExempt: false,
      operation: 'MIXED' as const,
      vatOnDebits: true,
    };
    expect(paymentLines(payment, 'invoice', 'fr-FR')).toEqual([
      'Catégorie de l’opération : livraison de biens et prestation de services',
      "Option pour le paiement de la taxe d'après les débits",
    ]);
    expect(paymentLines(payment, 'invoice', 'en-US')).toEqual([
      'Category of operation: supply of goods and services',
      'Option to pay VAT on debits',
    ]);
    // A quote is not an invoice: neither mention.
    expect(paymentLines(payment, 'quote', 'fr-FR')).toEqual([]);
  });
});

describe('the option for VAT on debits in the seller copy', () => {
  it('is kept at issue, and a copy made before it existed reads as no option', () => {
    const profile = { ...E_INVOICE_SELLER, share_capital: null, vat_on_debits: true };
    expect(sellerOf(profile)?.vat_on_debits).toBe(true);
    const { vat_on_debits: _, ...older } = profile;
    void _;
    expect(sellerOf(older)?.vat_on_debits).toBe(false);
  });
});

describe('the delivery address (issue 32 §5)', () => {
  const billing = E_INVOICE_BUYER;

  it('differs only when it is another place than the billing address', () => {
    const same: DeliveryAddress = {
      street: '27, Quai Saint-Antoine ',
      zipcode: '69002',
      city: 'LYON',
      country: 'FR',
    };
    expect(deliveryDiffers(same, billing)).toBe(false);
    expect(deliveryDiffers({ ...same, city: 'Lyon 2e' }, billing)).toBe(true);
    expect(deliveryDiffers({ ...same, country: 'BE' }, billing)).toBe(true);
    expect(deliveryDiffers(ELSEWHERE, billing)).toBe(true);
    expect(deliveryDiffers(ELSEWHERE, null)).toBe(true);
    expect(deliveryDiffers(null, billing)).toBe(false);
    expect(deliveryDiffers({ street: ' ', zipcode: null, city: null, country: 'FR' }, billing)).toBe(false);
  });

  it('never differs from the billing address written another way (case, accents, spaces, punctuation)', () => {
    const variant = fc.constantFrom(
      (s: string) => s.toUpperCase(),
      (s: string) => ` ${s.replace(/ /g, '  ')} `,
      (s: string) => s.replace(/ /g, ', '),
      (s: string) => s.normalize('NFD'),
    );
    fc.assert(
      fc.property(variant, variant, variant, (street, zipcode, city) => {
        const written = {
          street: street(billing.street),
          zipcode: zipcode(billing.zipcode),
          city: city(billing.city),
          country: 'FR',
        };
        expect(deliveryDiffers(written, billing)).toBe(false);
      }),
    );
  });
});

describe("a French seller's e-invoice and its gate (issue 32 §5)", () => {
  const debits = { seller: { ...E_INVOICE_SELLER, vat_on_debits: true } };

  it('carries the category of operation, the VAT on debits note and BT-8, and the delivery address when it differs', () => {
    const doc = invoice([line('SERVICES'), line('GOODS')], { ...debits, deliveryAddress: ELSEWHERE });
    expect(doc.operation).toBe('MIXED');
    expect(doc.vatOnDebits).toBe(true);
    expect(doc.notes).toContainEqual({ subjectCode: 'TXD', text: VAT_ON_DEBITS_NOTE });
    expect(doc.vatPointDateCode).toBe('3');
    expect(doc.deliverTo).toEqual({
      name: 'Mairie de Villeurbanne',
      street: 'Place Lazare-Goujon',
      zipcode: '69100',
      city: 'Villeurbanne',
      countryCode: 'FR',
      region: null,
    });
    expect(rules(doc)).toEqual([]);
  });

  it('states neither the option nor BT-8 without it, nor BT-8 for goods alone, nor the client’s own address', () => {
    const plain = invoice([line('SERVICES')], {
      deliveryAddress: { street: '27 quai Saint-Antoine', zipcode: '69002', city: 'Lyon', country: 'FR' },
    });
    expect(plain.vatOnDebits).toBe(false);
    expect(plain.notes.map((n) => n.subjectCode)).not.toContain('TXD');
    expect(plain.vatPointDateCode).toBeNull();
    expect(plain.deliverTo).toBeNull();
    const goods = invoice([line('GOODS')], debits);
    expect(goods.operation).toBe('GOODS');
    expect(goods.notes.map((n) => n.subjectCode)).toContain('TXD');
    expect(goods.vatPointDateCode).toBeNull();
    expect(rules(goods)).toEqual([]);
    // A studio outside France: none of France's mentions.
    const abroad = invoice([line('SERVICES')], {
      seller: { ...E_INVOICE_SELLER, company_country: 'BE', vat_number: 'BE0123456749', vat_on_debits: true },
    });
    expect(abroad.vatOnDebits).toBe(false);
    expect(abroad.vatPointDateCode).toBeNull();
  });

  it('names each missing mention by its rule', () => {
    const doc = invoice([line('SERVICES')], { ...debits, deliveryAddress: { ...ELSEWHERE, country: 'Atlantide' } });
    expect(doc.deliverTo?.countryCode).toBeNull();
    expect(rules(doc)).toEqual(['BR-57']);
    expect(rules({ ...doc, deliverTo: null, operation: null })).toEqual(['BR-FR-08']);
    expect(rules({ ...doc, deliverTo: null, notes: doc.notes.filter((n) => n.subjectCode !== 'TXD') })).toEqual([
      'vat-on-debits',
    ]);
    expect(rules({ ...doc, deliverTo: null, vatPointDateCode: null })).toEqual(['vat-on-debits']);
  });

  it('passes the gate for any mix of goods and services, option or not, address or not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<OperationCategory | undefined>('SERVICES', 'GOODS', undefined), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.boolean(),
        fc.boolean(),
        (categories, option, elsewhere) => {
          const doc = invoice(
            categories.map((c) => line(c)),
            {
              seller: { ...E_INVOICE_SELLER, vat_on_debits: option },
              deliveryAddress: elsewhere ? ELSEWHERE : null,
            },
          );
          expect(rules(doc)).toEqual([]);
          expect(doc.operation).toBe(invoiceOperation(categories.map((c) => line(c))));
          expect(doc.vatPointDateCode !== null).toBe(option && doc.operation !== 'GOODS');
          expect(doc.deliverTo !== null).toBe(elsewhere);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('writes them in the CII: BT-23 from the lines, the TXD note, BT-8 as code 5, the deliver to party and address', async () => {
    const xml = await facturxXml(invoice([line('SERVICES'), line('GOODS')], { ...debits, deliveryAddress: ELSEWHERE }));
    expect(xml).toMatch(/<ram:BusinessProcessSpecifiedDocumentContextParameter>\s*<ram:ID>M1<\/ram:ID>/);
    expect(xml).toMatch(
      /<ram:IncludedNote>\s*<ram:Content>Option pour le paiement de la taxe d'après les débits<\/ram:Content>\s*<ram:SubjectCode>TXD<\/ram:SubjectCode>/,
    );
    expect(xml).toMatch(
      /<ram:CategoryCode>S<\/ram:CategoryCode>\s*<ram:DueDateTypeCode>5<\/ram:DueDateTypeCode>\s*<ram:RateApplicablePercent>20<\/ram:RateApplicablePercent>/,
    );
    expect(xml).toMatch(
      /<ram:ShipToTradeParty>\s*<ram:Name>Mairie de Villeurbanne<\/ram:Name>\s*<ram:PostalTradeAddress>\s*<ram:PostcodeCode>69100<\/ram:PostcodeCode>\s*<ram:LineOne>Place Lazare-Goujon<\/ram:LineOne>\s*<ram:CityName>Villeurbanne<\/ram:CityName>\s*<ram:CountryID>FR<\/ram:CountryID>/,
    );
    const goods = await facturxXml(invoice([line('GOODS')]));
    expect(goods).toMatch(/<ram:ID>B1<\/ram:ID>/);
    expect(goods).not.toContain('DueDateTypeCode');
    expect(goods).not.toContain('ShipToTradeParty');
  });
});
