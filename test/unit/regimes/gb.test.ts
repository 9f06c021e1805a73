import { gbDocumentRules } from '../../../domain/regimes/gb/document-rules';
import { client, codes, doc, input, seller } from './build';

const VAT20 = { name: 'VAT', milliPercent: 20000 };
const registered = seller('GB', [{ kind: 'GB_VAT', number: 'GB999999973' }]);

describe('United Kingdom', () => {
  it('a full VAT invoice above £250: VAT number, time of supply, VAT per line and rate', () => {
    const rules = gbDocumentRules(input(registered, client(), doc('GBP', '1000.00', [VAT20])));
    expect(rules.title).toBe('VAT invoice');
    expect(rules.problems).toEqual([]);
    expect(codes(rules).mentions).toEqual([
      'seller_name',
      'seller_vat_number',
      'tax_point',
      'vat_per_line',
      'vat_per_rate',
    ]);
    expect(rules.mentions[1].text).toBe('VAT registration number: GB999999973');
    expect(rules.mentions[2].text).toBe('Time of supply: 2026-03-07');
  });

  it('a full invoice needs the client’s name and address; a simplified one up to £250 does not', () => {
    const full = gbDocumentRules(input(registered, client({ address: null }), doc('GBP', '300.00', [VAT20])));
    expect(codes(full).problems).toEqual(['buyer_address_missing']);
    const simplified = gbDocumentRules(input(registered, null, doc('GBP', '208.33', [VAT20]))); // £250.00 with VAT
    expect(simplified.problems).toEqual([]);
    expect(codes(simplified).mentions).toContain('simplified_vat_invoice');
    const over = gbDocumentRules(input(registered, null, doc('GBP', '208.34', [VAT20]))); // £250.01
    expect(codes(over).problems).toEqual(['buyer_name_missing', 'buyer_address_missing']);
  });

  it('blocks without a valid VAT number, a VAT total in sterling, or a zero-rate reason', () => {
    const noNumber = seller('GB', [{ kind: 'GB_VAT', number: 'GB999999974' }]);
    expect(codes(gbDocumentRules(input(noNumber, client(), doc('GBP', '10.00', [VAT20])))).problems).toEqual([
      'gb_vat_number_missing',
    ]);
    const inEuros = gbDocumentRules(input(registered, client(), doc('EUR', '1000.00', [VAT20])));
    expect(codes(inEuros).problems).toEqual(['gb_vat_in_sterling_missing']);
    const withRate = gbDocumentRules(
      input(registered, client(), doc('EUR', '1000.00', [VAT20], { taxInHomeCurrencyCents: 17_000n })),
    );
    expect(withRate.problems).toEqual([]);
    const zero = { name: 'VAT', milliPercent: 0 };
    expect(codes(gbDocumentRules(input(registered, client(), doc('GBP', '500.00', [zero])))).problems).toEqual([
      'zero_rate_reason_missing',
    ]);
    const reason = gbDocumentRules(
      input(registered, client(), doc('GBP', '500.00', [zero], { zeroRateReason: 'Zero-rated: printed books' })),
    );
    expect(reason.mentions.at(-1)).toEqual({ code: 'zero_rate_reason', text: 'Zero-rated: printed books' });
  });

  it('a reverse charge needs the client’s VAT number and says so', () => {
    const rules = gbDocumentRules(input(registered, client({ reverseCharge: true }), doc('GBP', '100.00', [])));
    expect(codes(rules).problems).toEqual(['buyer_vat_number_missing']);
    expect(codes(rules).mentions).toContain('reverse_charge');
  });

  it('a sole trader under the VAT threshold: a plain invoice, and no VAT may be charged', () => {
    const soleTrader = seller('GB', [], { registered: false });
    const plain = gbDocumentRules(input(soleTrader, client(), doc('GBP', '400.00', [])));
    expect(plain.title).toBe('Invoice');
    expect(plain.problems).toEqual([]);
    expect(codes(plain).mentions).toEqual(['seller_name', 'supply_date']);
    expect(codes(gbDocumentRules(input(soleTrader, client(), doc('GBP', '400.00', [VAT20])))).problems).toEqual([
      'gb_vat_not_registered',
    ]);
    expect(gbDocumentRules(input(registered, client(), { ...doc('GBP', '1.00', []), kind: 'credit_note' })).title).toBe(
      'Credit note',
    );
  });
});
