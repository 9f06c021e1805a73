import {
  clientTaxTreatment,
  defaultTaxRate,
  type StudioTaxRate,
  studioTaxRateProblems,
  taxRateNamed,
} from '../../../domain/invoicing/studio-tax-rates';

const rate = (name: string, regions: string[] = [], isDefault = false): StudioTaxRate => ({
  name,
  taxes: [{ name: 'Sales tax', rate: '8.875' }],
  regions,
  is_default: isDefault,
});

describe("a studio's tax rates", () => {
  const rates = [rate('NYC', ['NY'], true), rate('New Jersey', ['NJ']), rate('Québec', ['QC'])];

  it('a client in a region a rate names takes it; elsewhere, or abroad, the default; none without one', () => {
    expect(defaultTaxRate(rates, { region: 'nj', country: 'US' }, 'US')?.name).toBe('New Jersey');
    expect(defaultTaxRate(rates, { region: 'CA', country: 'US' }, 'US')?.name).toBe('NYC');
    expect(defaultTaxRate(rates, { region: null, country: null }, 'US')?.name).toBe('NYC');
    // A region of another country is not the studio's: QC of a French client means nothing here.
    expect(defaultTaxRate(rates, { region: 'QC', country: 'FR' }, 'US')?.name).toBe('NYC');
    expect(defaultTaxRate([rate('NJ', ['NJ'])], { region: 'NY', country: 'US' }, 'US')).toBeUndefined();
    expect(defaultTaxRate(rates, null, 'US')?.name).toBe('NYC');
  });

  it('are picked by name, case and spaces aside', () => {
    expect(taxRateNamed(rates, '  new jersey ')?.name).toBe('New Jersey');
    expect(taxRateNamed(rates, 'Vermont')).toBeUndefined();
  });

  it('name each problem of the list: a name twice, a region twice, two defaults, a bad tax', () => {
    expect(studioTaxRateProblems(rates)).toEqual([]);
    expect(studioTaxRateProblems([rate('A'), rate('a')])).toEqual([
      { path: 'tax_rates.1.name', message: 'a is named twice' },
    ]);
    expect(studioTaxRateProblems([rate('A', ['NY']), rate('B', ['NY'])])[0].path).toBe('tax_rates.1.regions');
    expect(studioTaxRateProblems([rate('A', [], true), rate('B', [], true)])[0].path).toBe('tax_rates');
    const twice: StudioTaxRate = {
      ...rate('C'),
      taxes: [
        { name: 'GST', rate: '5' },
        { name: 'GST', rate: '5' },
      ],
    };
    expect(studioTaxRateProblems([twice])[0].path).toBe('tax_rates.0.taxes');
  });
});

describe("a client's tax treatment", () => {
  it('exempt with a certificate, reverse-charged when said, else taxable', () => {
    expect(clientTaxTreatment({ tax_exempt_reference: 'ST-120 0042' })).toBe('exempt');
    expect(clientTaxTreatment({ tax_exempt_reference: '  ', reverse_charge: true })).toBe('reverse_charge');
    expect(clientTaxTreatment({ reverse_charge: false })).toBe('taxable');
    expect(clientTaxTreatment(null)).toBe('taxable');
  });
});
