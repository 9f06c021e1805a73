import fc from 'fast-check';
import { ValidationError } from '../../../domain/errors';
import {
  chooseLineTaxes,
  type TaxSetting,
  taxedAsStored,
  type TaxedLine,
} from '../../../domain/invoicing/line-tax-choice';

// The taxes a studio's lines carry, decided in domain/ (issue 42), checked on generated lines,
// studios and clients.
const QUEBEC = {
  name: 'Québec',
  taxes: [
    { name: 'GST', rate: '5' },
    { name: 'QST', rate: '9.975' },
  ],
  regions: ['QC'],
  is_default: false,
};
const ONTARIO = { name: 'Ontario', taxes: [{ name: 'HST', rate: '13' }], regions: ['ON'], is_default: true };

const tax = fc.record({
  name: fc.constantFrom('VAT', 'GST', 'QST', 'HST'),
  rate: fc.constantFrom('0', '5', '9.975', '20'),
});
const line: fc.Arbitrary<TaxedLine> = fc.record(
  {
    item_type: fc.constantFrom('SESSION_TYPE', 'TEXT', 'DEPOSIT'),
    vat_percentage: fc.constantFrom(0, 5.5, 10, 20),
    taxes: fc.option(fc.array(tax, { maxLength: 2 }), { nil: null }),
    tax_rate: fc.constantFrom('Québec', 'Ontario'),
  },
  { requiredKeys: ['item_type'] },
);
const setting: fc.Arbitrary<TaxSetting> = fc.record({
  exempt: fc.boolean(),
  oneVatRatePerLine: fc.boolean(),
  country: fc.constantFrom('CA', 'FR', null),
  rates: fc.constantFrom([], [QUEBEC], [QUEBEC, ONTARIO]),
});
const client = fc.option(
  fc.record({
    region: fc.constantFrom('QC', 'ON', null),
    country: fc.constantFrom('CA', null),
    tax_exempt_reference: fc.constantFrom(null, 'EX-123'),
    reverse_charge: fc.boolean(),
  }),
  { nil: null },
);

/** Runs a rule; a refusal is a ValidationError naming the line's field. */
const decided = <T>(run: () => T): T | ValidationError => {
  try {
    return run();
  } catch (err) {
    if (err instanceof ValidationError) return err;
    throw err;
  }
};

it("leaves every line but a service line's taxes as sent, and drops the rate's name", () => {
  fc.assert(
    fc.property(fc.array(line, { maxLength: 5 }), setting, client, (items, s, c) => {
      const chosen = decided(() => chooseLineTaxes(items, s, c));
      if (chosen instanceof ValidationError) return;
      expect(chosen).toHaveLength(items.length);
      chosen.forEach((out, i) => {
        expect(out).not.toHaveProperty('tax_rate');
        if (items[i].item_type !== 'SESSION_TYPE' || s.oneVatRatePerLine) {
          const { tax_rate: _name, ...sent } = items[i];
          expect(out).toEqual(s.oneVatRatePerLine ? items[i] : sent);
        }
      });
    }),
  );
});

it('refuses a named rate under a law of one VAT a line, and an unknown name elsewhere', () => {
  fc.assert(
    fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), setting, client, (items, s, c) => {
      const chosen = decided(() => chooseLineTaxes(items, s, c));
      const named = items.some((i) => i.tax_rate !== undefined);
      if (s.oneVatRatePerLine) expect(chosen instanceof ValidationError).toBe(named);
      if (chosen instanceof ValidationError)
        expect((chosen.details as { path: string }[])[0].path).toMatch(/^items\.\d+\.tax_rate$/);
    }),
  );
});

it("bills an exempt or reverse-charged client's service lines without tax", () => {
  fc.assert(
    fc.property(fc.array(line, { maxLength: 5 }), setting, client, (items, s, c) => {
      fc.pre(!s.oneVatRatePerLine && c !== null && (Boolean(c.tax_exempt_reference) || c.reverse_charge));
      const chosen = chooseLineTaxes(items, s, c);
      chosen.forEach((out, i) => {
        if (items[i].item_type === 'SESSION_TYPE') expect(out).toMatchObject({ taxes: [], vat_percentage: undefined });
      });
    }),
  );
});

it("stores an exempt studio's lines at 0 % without taxes, and one VAT a line where the law says so", () => {
  fc.assert(
    fc.property(fc.array(line, { maxLength: 5 }), setting, (items, s) => {
      const lines = items.map(({ tax_rate: _name, ...rest }) => rest);
      const stored = decided(() => taxedAsStored(lines, s));
      if (stored instanceof ValidationError) {
        expect(s.exempt).toBe(false);
        expect(s.oneVatRatePerLine).toBe(true);
        return;
      }
      for (const out of stored) {
        if (s.exempt) expect(out).toMatchObject({ vat_percentage: 0, taxes: null });
        if (s.oneVatRatePerLine) expect(out.taxes).toBeNull();
      }
    }),
  );
});

it("stores a Québec line with its GST and QST, and their combined rate rounded to the column's two decimals beside them", () => {
  const [stored] = taxedAsStored([{ item_type: 'SESSION_TYPE', taxes: QUEBEC.taxes }], {
    exempt: false,
    oneVatRatePerLine: false,
    country: 'CA',
    rates: [QUEBEC],
  });
  expect(stored).toEqual({ item_type: 'SESSION_TYPE', taxes: QUEBEC.taxes, vat_percentage: 14.98 });
});
