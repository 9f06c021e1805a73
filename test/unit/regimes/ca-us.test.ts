import { caDocumentRules } from '../../../domain/regimes/ca/document-rules';
import { usDocumentRules } from '../../../domain/regimes/us/document-rules';
import { client, codes, doc, input, seller } from './build';

const GST = { name: 'GST', milliPercent: 5000 };
const QST = { name: 'QST', milliPercent: 9975 };
const HST = { name: 'HST', milliPercent: 13000 };
const NYC = { name: 'Sales tax', milliPercent: 8875 };

describe('Canada', () => {
  const quebec = seller(
    'CA',
    [
      { kind: 'CA_GST_HST', number: '123026635RT0001' },
      { kind: 'CA_QST', number: '1227494057TQ0001' },
    ],
    { region: 'QC' },
  );

  it('Québec: GST and QST shown apart with both registration numbers, terms and buyer from C$500', () => {
    const rules = caDocumentRules(
      input(quebec, client(), doc('CAD', '1000.00', [GST, QST], { paymentTerms: 'Due on 2026-04-06' })),
    );
    expect(rules.title).toBe('Invoice');
    expect(rules.problems).toEqual([]);
    expect(rules.mentions.map((m) => m.text)).toEqual([
      'Lumière Studio',
      'GST/HST registration number: 123026635RT0001',
      'QST registration number: 1227494057TQ0001',
      'GST 5 %',
      'QST 9.975 %',
      'Due on 2026-04-06',
    ]);
  });

  it('Ontario HST: the number from C$100, the buyer’s name and the terms from C$500', () => {
    const ontario = seller('CA', [], { region: 'ON' });
    expect(caDocumentRules(input(ontario, null, doc('CAD', '88.00', [HST]))).problems).toEqual([]); // C$99.44
    expect(codes(caDocumentRules(input(ontario, null, doc('CAD', '100.00', [HST])))).problems).toEqual([
      'ca_gst_hst_number_missing',
    ]);
    expect(codes(caDocumentRules(input(ontario, null, doc('CAD', '500.00', [HST])))).problems).toEqual([
      'ca_gst_hst_number_missing',
      'buyer_name_missing',
      'payment_terms_missing',
    ]);
  });

  it('QST charged without a QST number blocks from C$100; a small supplier charges no GST/HST', () => {
    const gstOnly = seller('CA', [{ kind: 'CA_GST_HST', number: '123026635RT0001' }], { region: 'QC' });
    expect(codes(caDocumentRules(input(gstOnly, client(), doc('CAD', '200.00', [GST, QST])))).problems).toEqual([
      'ca_qst_number_missing',
    ]);
    const small = seller('CA', [], { registered: false });
    expect(caDocumentRules(input(small, client(), doc('CAD', '200.00', []))).problems).toEqual([]);
    expect(codes(caDocumentRules(input(small, client(), doc('CAD', '200.00', [GST])))).problems).toEqual([
      'ca_gst_hst_not_registered',
    ]);
  });

  it('a document in another currency is held to the thresholds whatever its amount', () => {
    const ontario = seller('CA', [], { region: 'ON' });
    expect(codes(caDocumentRules(input(ontario, client(), doc('USD', '10.00', [HST])))).problems).toEqual([
      'ca_gst_hst_number_missing',
      'payment_terms_missing',
    ]);
  });
});

describe('United States', () => {
  const brooklyn = seller('US', [{ kind: 'US_SALES_TAX_PERMIT', number: '12-345678', region: 'NY' }], { region: 'NY' });

  it('a plain invoice with NYC sales tax, on the total or per line, and the permit', () => {
    const rules = usDocumentRules(input(brooklyn, client(), doc('USD', '2500.00', [NYC])));
    expect(rules.title).toBe('Invoice');
    expect(rules.problems).toEqual([]);
    expect(codes(rules).mentions).toEqual(['seller_name', 'sales_tax_permit', 'sales_tax_total']);
    expect(rules.mentions[1].text).toBe('Sales tax permit (NY): 12-345678');
    const perLine = usDocumentRules(
      input(brooklyn, client(), doc('USD', '2500.00', [NYC], { taxDisplay: 'per_line' })),
    );
    expect(codes(perLine).mentions).toContain('sales_tax_per_line');
  });

  it('an exempt client’s certificate is printed; sales tax without a permit blocks', () => {
    const exempt = client({ taxExemptReference: 'ST-120 #4471' });
    const rules = usDocumentRules(input(brooklyn, exempt, doc('USD', '2500.00', [])));
    expect(rules.mentions.at(-1)).toEqual({ code: 'tax_exempt', text: 'Tax exempt: certificate ST-120 #4471' });
    const noPermit = seller('US', [], { registered: false });
    expect(usDocumentRules(input(noPermit, client(), doc('USD', '2500.00', []))).problems).toEqual([]);
    expect(codes(usDocumentRules(input(noPermit, client(), doc('USD', '2500.00', [NYC])))).problems).toEqual([
      'us_sales_tax_without_permit',
    ]);
  });
});
