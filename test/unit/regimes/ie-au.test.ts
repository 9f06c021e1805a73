import { auDocumentRules } from '../../../domain/regimes/au/document-rules';
import { ieDocumentRules } from '../../../domain/regimes/ie/document-rules';
import { client, codes, doc, input, seller } from './build';

const VAT23 = { name: 'VAT', milliPercent: 23000 };
const GST10 = { name: 'GST', milliPercent: 10000 };

describe('Ireland', () => {
  const registered = seller('IE', [{ kind: 'IE_VAT', number: 'IE8473625E' }]);

  it('a VAT invoice: VAT number, date of supply, unit price without VAT, VAT per rate and in total', () => {
    const rules = ieDocumentRules(
      input(registered, client(), doc('EUR', '1000.00', [VAT23], { supplyDate: '2026-03-01' })),
    );
    expect(rules.title).toBe('VAT invoice');
    expect(rules.problems).toEqual([]);
    expect(codes(rules).mentions).toEqual([
      'seller_name',
      'seller_vat_number',
      'supply_date',
      'unit_price_without_vat',
      'vat_per_rate',
      'vat_total',
    ]);
    expect(rules.mentions[2].text).toBe('Date of supply: 2026-03-01');
  });

  it('needs the client’s name and address above €100, the VAT number always', () => {
    expect(codes(ieDocumentRules(input(registered, null, doc('EUR', '81.30', [VAT23])))).problems).toEqual([]);
    expect(codes(ieDocumentRules(input(registered, null, doc('EUR', '200.00', [VAT23])))).problems).toEqual([
      'buyer_name_missing',
      'buyer_address_missing',
    ]);
    const unnumbered = seller('IE', []);
    expect(codes(ieDocumentRules(input(unnumbered, client(), doc('EUR', '10.00', [VAT23])))).problems).toEqual([
      'ie_vat_number_missing',
    ]);
  });

  it('reverse charge: the client’s VAT number, "Reverse charge applies", and no VAT shown', () => {
    const b2b = client({ reverseCharge: true, vatNumber: 'FR40303265045' });
    const rules = ieDocumentRules(input(registered, b2b, doc('EUR', '1000.00', [])));
    expect(rules.problems).toEqual([]);
    expect(rules.mentions.slice(-2).map((m) => m.text)).toEqual([
      'Customer VAT number: FR40303265045',
      'Reverse charge applies',
    ]);
    expect(codes(ieDocumentRules(input(registered, b2b, doc('EUR', '1000.00', [VAT23])))).problems).toEqual([
      'reverse_charge_with_vat',
    ]);
  });

  it('a studio not registered must not show VAT', () => {
    const unregistered = seller('IE', [], { registered: false });
    expect(ieDocumentRules(input(unregistered, client(), doc('EUR', '100.00', []))).title).toBe('Invoice');
    expect(codes(ieDocumentRules(input(unregistered, client(), doc('EUR', '100.00', [VAT23])))).problems).toEqual([
      'ie_vat_not_registered',
    ]);
  });
});

describe('Australia', () => {
  const registered = seller('AU', [{ kind: 'AU_ABN', number: '51824753556' }]);

  it('"Tax invoice" with the ABN, and "Total price includes GST" when GST is one eleventh of the total', () => {
    const rules = auDocumentRules(input(registered, client(), doc('AUD', '500.00', [GST10])));
    expect(rules.title).toBe('Tax invoice');
    expect(rules.problems).toEqual([]);
    expect(rules.mentions.map((m) => m.text)).toEqual([
      'Lumière Studio',
      'ABN 51 824 753 556',
      'Total price includes GST',
    ]);
    // 100.01 + 10.00 GST: not exactly one eleventh, so the amount is shown.
    expect(codes(auDocumentRules(input(registered, client(), doc('AUD', '100.01', [GST10])))).mentions).toContain(
      'gst_amount',
    );
  });

  it('from A$1,000 names the buyer or its ABN; blocks without the studio’s ABN', () => {
    expect(codes(auDocumentRules(input(registered, null, doc('AUD', '900.00', [GST10])))).problems).toEqual([]); // A$990
    expect(codes(auDocumentRules(input(registered, null, doc('AUD', '909.10', [GST10])))).problems).toEqual([
      'buyer_identity_missing',
    ]); // A$1,000.01
    const byAbn = client({ name: null, abn: '51824753556' });
    expect(auDocumentRules(input(registered, byAbn, doc('AUD', '2000.00', [GST10]))).problems).toEqual([]);
    expect(codes(auDocumentRules(input(seller('AU', []), client(), doc('AUD', '10.00', [GST10])))).problems).toEqual([
      'au_abn_missing',
    ]);
    expect(
      auDocumentRules(input(registered, client(), { ...doc('AUD', '1.00', [GST10]), kind: 'credit_note' })).title,
    ).toBe('Adjustment note');
  });

  it('not registered for GST: "Invoice", no GST, and charging it blocks', () => {
    const small = seller('AU', [{ kind: 'AU_ABN', number: '51824753556' }], { registered: false });
    const rules = auDocumentRules(input(small, client(), doc('AUD', '300.00', [])));
    expect(rules.title).toBe('Invoice');
    expect(codes(rules).mentions).toEqual(['seller_name', 'seller_abn', 'no_gst']);
    expect(codes(auDocumentRules(input(small, client(), doc('AUD', '300.00', [GST10])))).problems).toEqual([
      'au_gst_not_registered',
    ]);
  });
});
