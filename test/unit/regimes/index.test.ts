import { documentRules } from '../../../domain/regimes';
import { frDocumentRules } from '../../../domain/regimes/fr/document-rules';
import { otherDocumentRules } from '../../../domain/regimes/other/document-rules';
import { client, doc, input, seller } from './build';

describe('choosing the jurisdiction by the seller’s country', () => {
  it('France: the French rules apply unchanged, this module adds nothing', () => {
    const rules = documentRules(
      input(seller('FR', []), client(), doc('EUR', '100.00', [{ name: 'VAT', milliPercent: 20000 }])),
    );
    expect(rules).toEqual(frDocumentRules(input(seller('FR', []), client(), doc('EUR', '1.00', []))));
    expect(rules).toMatchObject({
      jurisdiction: 'FR',
      title: 'Facture',
      mentions: [],
      problems: [],
      frenchRules: true,
    });
    expect(
      frDocumentRules(input(seller('FR', []), null, { ...doc('EUR', '1.00', []), kind: 'credit_note' })).title,
    ).toBe('Avoir');
  });

  it('each served country gets its module; any other a plain invoice that never blocks', () => {
    for (const country of ['GB', 'IE', 'AU', 'CA', 'US'])
      expect(documentRules(input(seller(country, []), client(), doc('EUR', '1.00', []))).jurisdiction).toBe(country);
    expect(documentRules(input(seller('gb', []), client(), doc('GBP', '1.00', []))).jurisdiction).toBe('GB');
    const japan = documentRules(
      input(
        seller('JP', [{ kind: 'US_SALES_TAX_PERMIT', number: 'T1234567890123' }], { name: null, address: null }),
        null,
        doc('JPY', '5000', [{ name: 'Consumption tax', milliPercent: 10000 }]),
      ),
    );
    expect(japan).toMatchObject({ jurisdiction: 'OTHER', title: 'Invoice', problems: [], frenchRules: false });
    expect(japan.mentions).toEqual([{ code: 'seller_tax_number', text: 'T1234567890123' }]);
    expect(
      otherDocumentRules(input(seller('DE', []), client(), doc('EUR', '1.00', []))).mentions.map((m) => m.code),
    ).toEqual(['seller_name', 'seller_address']);
  });
});
