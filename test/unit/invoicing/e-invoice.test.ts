import { roundDiv } from '../../../domain/invoicing/money';
import fc from 'fast-check';
import { countryCode } from '../../../domain/countries';
import {
  type EInvoiceInput,
  type EInvoiceItem,
  eInvoiceOf,
  FRANCHISE_REASON,
  splitExactly,
} from '../../../domain/invoicing/e-invoice';
import { failedEInvoiceRules } from '../../../domain/invoicing/e-invoice-rules';
import { creditNoteVat } from '../../../domain/invoicing/credit-vat';
import { computeTotals } from '../../../domain/invoicing/totals';
import { E_INVOICE_BUYER, E_INVOICE_SELLER } from '../../fixtures/e-invoice-parties';
import { documentItems } from '../../factories/e-invoice-items';

// The IBAN as a person types it, with spaces: the e-invoice writes it without.
const SELLER: EInvoiceInput['seller'] = { ...E_INVOICE_SELLER, iban: 'FR76 3000 6000 0112 3456 7890 189' };
const BUYER = E_INVOICE_BUYER;

const invoice = (items: EInvoiceItem[], overrides: Partial<EInvoiceInput> = {}) =>
  eInvoiceOf({
    typeCode: '380',
    number: 'F-2026-00001',
    issueDate: '2026-11-24',
    dueDate: '2026-12-24',
    seller: SELLER,
    buyer: BUYER,
    items,
    ...overrides,
  });

const rules = (doc: ReturnType<typeof eInvoiceOf>) => failedEInvoiceRules(doc).map((f) => f.rule);

describe('the e-invoice of an invoice (issue 22 §1)', () => {
  it('carries the three-rate worked example of docs/invoicing.md: line nets, VAT per rate and totals that add up', () => {
    const doc = invoice([
      {
        item_type: 'SESSION_TYPE',
        description: 'Mariage',
        quantity: 1,
        price_without_tax: '1500.00',
        vat_percentage: 20,
      },
      {
        item_type: 'SESSION_TYPE',
        description: 'Tirages',
        quantity: 3,
        price_without_tax: '12.50',
        vat_percentage: 10,
      },
      { item_type: 'SESSION_TYPE', description: 'Livre', quantity: 1, price_with_tax: '63.30', vat_percentage: 5.5 },
      { item_type: 'TEXT', description: 'Merci !' },
    ]);
    expect(doc.lines.map((l) => [l.name, l.netCents, l.category, l.vatBasisPoints])).toEqual([
      ['Mariage', 150000n, 'S', 2000],
      ['Tirages', 3750n, 'S', 1000],
      ['Livre', 6000n, 'S', 550],
    ]);
    expect(doc.lines[1].price).toEqual({ units: 1250n, decimals: 2 });
    expect(doc.vat.map((v) => [v.vatBasisPoints, v.baseCents, v.vatCents])).toEqual([
      [550, 6000n, 330n],
      [1000, 3750n, 375n],
      [2000, 150000n, 30000n],
    ]);
    expect(doc.totals).toEqual({
      lineTotalCents: 159750n,
      allowanceTotalCents: 0n,
      taxExclusiveCents: 159750n,
      taxCents: 30705n,
      taxInclusiveCents: 190455n,
      payableCents: 190455n,
    });
    expect(doc.seller).toMatchObject({
      siren: '912345675',
      siret: '91234567500017',
      vatNumber: 'FR65912345675',
      countryCode: 'FR',
    });
    expect(doc.buyer?.countryCode).toBe('FR');
    expect(doc.payment).toEqual({ iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' });
    expect(doc.notes.map((n) => n.subjectCode)).toEqual(['PMT', 'PMD', 'AAB']);
    expect(rules(doc)).toEqual([]);
  });

  it('turns a document discount into one allowance per VAT rate', () => {
    const doc = invoice([
      {
        item_type: 'SESSION_TYPE',
        description: 'Mariage',
        quantity: 1,
        price_without_tax: '1000.00',
        vat_percentage: 20,
      },
      {
        item_type: 'SESSION_TYPE',
        description: 'Tirages',
        quantity: 1,
        price_without_tax: '200.00',
        vat_percentage: 10,
      },
      { item_type: 'DISCOUNT', discount_type: 'PERCENTAGE_OF_TOTAL', discount_percentage: 10 },
    ]);
    expect(doc.allowances.map((a) => [a.vatBasisPoints, a.amountCents])).toEqual([
      [1000, 2000n],
      [2000, 10000n],
    ]);
    expect(doc.totals.taxInclusiveCents).toBe(127800n);
    expect(rules(doc)).toEqual([]);
  });

  it('writes a deducted deposit as a line of quantity −1 at a positive price (BR-27)', () => {
    const doc = invoice([
      {
        item_type: 'SESSION_TYPE',
        description: 'Mariage',
        quantity: 1,
        price_without_tax: '1000.00',
        vat_percentage: 20,
      },
      {
        item_type: 'DEPOSIT',
        description: 'Acompte F-2026-00003',
        quantity: 1,
        price_without_tax: '-300.00',
        price_with_tax: '-360.00',
        vat_percentage: 20,
      },
    ]);
    expect(doc.lines[1]).toMatchObject({
      quantityHundredths: -100n,
      netCents: -30000n,
      price: { units: 30000n, decimals: 2 },
    });
    expect(doc.totals.payableCents).toBe(84000n);
    expect(rules(doc)).toEqual([]);
  });

  it('marks a VAT exempt studio E with the exemption reason, and accepts its SIREN for BR-E-02', () => {
    const doc = invoice(
      [
        {
          item_type: 'SESSION_TYPE',
          description: 'Portrait',
          quantity: 1,
          price_without_tax: '250.00',
          vat_percentage: 0,
        },
      ],
      { seller: { ...SELLER, vat_number: null, vat_exempt: true } },
    );
    expect(doc.vat).toEqual([
      { category: 'E', vatBasisPoints: 0, baseCents: 25000n, vatCents: 0n, exemptionReason: FRANCHISE_REASON },
    ]);
    expect(doc.notes.map((n) => n.subjectCode)).toContain('AAI');
    expect(rules(doc)).toEqual([]);
  });

  it('refuses a VAT exempt studio charging VAT (BR-E-05)', () => {
    const doc = invoice(
      [
        {
          item_type: 'SESSION_TYPE',
          description: 'Portrait',
          quantity: 1,
          price_without_tax: '250.00',
          vat_percentage: 20,
        },
      ],
      { seller: { ...SELLER, vat_number: null, vat_exempt: true } },
    );
    expect(rules(doc)).toContain('BR-E-05');
  });

  it('types a credit note 381 with its preceding invoice, its lines the VAT parts', () => {
    const doc = eInvoiceOf({
      typeCode: '381',
      number: 'AV-2026-00001',
      issueDate: '2026-11-24',
      dueDate: null,
      seller: SELLER,
      buyer: BUYER,
      preceding: { number: 'F-2026-00001', issueDate: '2026-11-20' },
      credit: {
        lines: [],
        parts: [{ vatBasisPoints: 2000, baseCents: 10000n, vatCents: 2000n, withTaxCents: 12000n }],
      },
      // Its invoice's category of operation (issue 32 §5): a French credit note states it too.
      operation: 'SERVICES',
    });
    expect(doc.lines).toHaveLength(1);
    expect(doc.totals.payableCents).toBe(12000n);
    expect(rules(doc)).toEqual([]);
    expect(rules({ ...doc, preceding: null })).toEqual(['BR-55']);
    expect(rules({ ...doc, operation: null })).toEqual(['BR-FR-08']);
  });

  it("shares a credit note's VAT parts over its credited lines by their totals", () => {
    const lines = [
      { description: 'Tirages', quantityHundredths: 300n, vatBasisPoints: 1000, withTaxCents: 4125n },
      { description: 'Album', quantityHundredths: 100n, vatBasisPoints: 2000, withTaxCents: 9999n },
      { description: 'Retouches', quantityHundredths: 100n, vatBasisPoints: 2000, withTaxCents: 1n },
    ];
    const parts = creditNoteVat(
      {
        amountCents: 14125n,
        lines: lines.map((l) => ({ vatBasisPoints: l.vatBasisPoints, withTaxCents: l.withTaxCents })),
      },
      [],
      [],
    );
    const doc = eInvoiceOf({
      typeCode: '381',
      number: 'AV-2026-00002',
      issueDate: '2026-11-24',
      dueDate: null,
      seller: SELLER,
      buyer: BUYER,
      preceding: { number: 'F-2026-00001', issueDate: '2026-11-20' },
      credit: { lines, parts },
      operation: 'MIXED',
    });
    expect(doc.lines.map((l) => [l.name, l.quantityHundredths])).toEqual([
      ['Tirages', 300n],
      ['Album', 100n],
      ['Retouches', 100n],
    ]);
    expect(doc.totals.taxInclusiveCents).toBe(14125n);
    expect(rules(doc)).toEqual([]);
  });

  it("states the studio's terms (BT-20) when the due date is theirs, and the due date when it is not", () => {
    const items: EInvoiceItem[] = [
      {
        item_type: 'SESSION_TYPE',
        description: 'Portrait',
        quantity: '1',
        price_without_tax: '100.00',
        vat_percentage: '20',
      },
    ];
    // SELLER pays within 30 days: 2026-11-24 + 30 is 2026-12-24.
    expect(invoice(items).paymentTerms).toBe('Paiement à 30 jours');
    expect(invoice(items, { dueDate: '2026-11-24' }).paymentTerms).toBe('Paiement au plus tard le 2026-11-24');
    expect(invoice(items, { dueDate: null }).paymentTerms).toBe('Paiement à 30 jours');
    expect(rules(invoice(items, { dueDate: '2026-11-24' }))).toEqual([]);
  });

  it('names the failed rules of totals off by a cent', () => {
    const doc = invoice([
      {
        item_type: 'SESSION_TYPE',
        description: 'Séance',
        quantity: 1,
        price_without_tax: '250.00',
        vat_percentage: 20,
      },
    ]);
    expect(rules({ ...doc, totals: { ...doc.totals, taxInclusiveCents: doc.totals.taxInclusiveCents + 1n } })).toEqual([
      'BR-CO-15',
      'BR-CO-16',
    ]);
    expect(rules({ ...doc, lines: [{ ...doc.lines[0], netCents: doc.lines[0].netCents - 1n }] })).toEqual([
      'BR-CO-10',
      'BR-S-08',
    ]);
    expect(rules({ ...doc, vat: [{ ...doc.vat[0], vatCents: doc.vat[0].vatCents + 1n }] })).toEqual(['BR-CO-14']);
  });

  it('names missing mandatory fields', () => {
    const doc = invoice(
      [
        {
          item_type: 'SESSION_TYPE',
          description: 'Séance',
          quantity: 1,
          price_without_tax: '250.00',
          vat_percentage: 20,
        },
      ],
      { buyer: null, seller: { ...SELLER, vat_number: null, siren: null, siret: null } },
    );
    expect(rules(doc)).toEqual(expect.arrayContaining(['BR-07', 'BR-FR-10', 'BR-CO-26', 'BR-S-02']));
    expect(rules({ ...doc, number: ' ', lines: [] })).toEqual(expect.arrayContaining(['BR-02', 'BR-16']));
  });

  it('passes every rule, and states the same totals as the document, for any document', () => {
    fc.assert(
      fc.property(documentItems, (items) => {
        const doc = invoice(items);
        const totals = computeTotals(items);
        expect(rules(doc)).toEqual([]);
        expect(doc.totals.taxInclusiveCents).toBe(totals.totalWithTaxCents);
        expect(doc.totals.taxCents).toBe(totals.totalVatCents);
        expect(doc.lines.every((l) => l.price.units >= 0n)).toBe(true);
        // Each line reconciles: quantity × price, less its own discount, is its net.
        for (const l of doc.lines)
          expect(
            l.allowance
              ? l.allowance.baseCents - l.allowance.amountCents
              : roundDiv(l.quantityHundredths * l.price.units, 10n ** BigInt(l.price.decimals)),
          ).toBe(l.netCents);
      }),
      { numRuns: 300 },
    );
  });

  it('finds any one-cent change to a total (BR-CO rules)', () => {
    const field = fc.constantFrom(
      'lineTotalCents',
      'allowanceTotalCents',
      'taxExclusiveCents',
      'taxCents',
      'taxInclusiveCents',
      'payableCents' as const,
    );
    fc.assert(
      fc.property(documentItems, field, fc.constantFrom(-1n, 1n), (items, key, delta) => {
        const doc = invoice(items);
        const broken = { ...doc, totals: { ...doc.totals, [key]: doc.totals[key] + delta } };
        expect(rules(broken).some((r) => r.startsWith('BR-CO-'))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('splits exactly whatever the weights', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -10_000_000n, max: 10_000_000n }),
        fc.array(fc.bigInt({ min: 0n, max: 1_000_000n }), { minLength: 1, maxLength: 6 }),
        (amount, weights) => {
          expect(splitExactly(amount, weights).reduce((a, b) => a + b, 0n)).toBe(amount);
        },
      ),
    );
  });
});

describe('countryCode', () => {
  it('reads ISO codes, French and English names with or without accents, and a few habits; unknown is null, absent is France', () => {
    expect(
      [
        'fr',
        'France',
        'Royaume-Uni',
        'United Kingdom',
        'royaume uni',
        'Belgique',
        'Guadeloupe',
        'La Réunion',
        'Réunion',
        'États-Unis',
        'Etats-Unis',
        'USA',
        'Suisse',
        'Allemagne',
        'Deutschland',
      ].map((c) => countryCode(c)),
    ).toEqual(['FR', 'FR', 'GB', 'GB', 'GB', 'BE', 'GP', 'RE', 'RE', 'US', 'US', 'US', 'CH', 'DE', 'DE']);
    expect(countryCode('Narnia')).toBeNull();
    expect(countryCode('Union européenne')).toBeNull();
    expect(countryCode(null)).toBe('FR');
    expect(countryCode('  ', 'BE')).toBe('BE');
  });
});
