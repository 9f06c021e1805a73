import fc from 'fast-check';
import { clientIdentifierProblems, normalizeClientIdentifiers } from '../../../domain/company/client-identifiers';
import { frenchVatNumber } from '../../../domain/regimes/fr/identities';

describe('client company identifiers', () => {
  it('checks the SIREN key and VAT number of a French client, and keeps the numbers of other countries as text', () => {
    const ok = normalizeClientIdentifiers({ siren: '552 100 554', vat_number: 'fr 96 552100554', country: 'France' });
    expect(ok).toEqual({ siren: '552100554', vat_number: 'FR96552100554', country: 'France' });
    expect(clientIdentifierProblems(ok)).toEqual([]);
    expect(clientIdentifierProblems({ siren: '552100555', country: null }).map((p) => p.path)).toEqual(['siren']);
    expect(
      clientIdentifierProblems({ siren: '552100554', vat_number: 'FR00552100554', country: 'FR' }).map((p) => p.path),
    ).toEqual(['vat_number']);
    expect(
      clientIdentifierProblems({ siren: '01234567', vat_number: 'GB123456789', country: 'United Kingdom' }),
    ).toEqual([]);
    expect(normalizeClientIdentifiers({ siren: '  ', vat_number: null })).toEqual({ siren: null, vat_number: null });
  });

  it('normalizing is idempotent, and the VAT number made from a valid SIREN always passes', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (siren, vat) => {
        const once = normalizeClientIdentifiers({ siren, vat_number: vat });
        expect(normalizeClientIdentifiers(once)).toEqual(once);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (body) => {
        const digits = String(body).padStart(8, '0');
        const key = [...Array(10).keys()]
          .map(String)
          .find((k) => clientIdentifierProblems({ siren: digits + k }).length === 0)!;
        const siren = digits + key;
        expect(clientIdentifierProblems({ siren, vat_number: frenchVatNumber(siren), country: 'fr' })).toEqual([]);
      }),
    );
  });
});
