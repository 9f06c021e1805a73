import fc from 'fast-check';
import { peppolEndpoint } from '../../../domain/invoicing/peppol-endpoint';

describe('a Peppol electronic address from a VAT number (issue 40 §6)', () => {
  it('is the VAT number, without spaces, under its country’s EAS scheme', () => {
    expect(peppolEndpoint('GB 980 7806 84')).toEqual({ scheme: '9932', id: 'GB980780684' });
    expect(peppolEndpoint('ie8473625e')).toEqual({ scheme: '9935', id: 'IE8473625E' });
    expect(peppolEndpoint('FR65912345675')).toEqual({ scheme: '9957', id: 'FR65912345675' });
  });

  it('is none without a VAT number of a listed country (never an email, scheme EM)', () => {
    for (const v of [null, undefined, '', 'GB', 'US12-3456789', 'studio@example.com'])
      expect(peppolEndpoint(v)).toBeNull();
    fc.assert(
      fc.property(fc.string(), (text) => {
        const endpoint = peppolEndpoint(text);
        if (endpoint) {
          expect(endpoint.scheme).toMatch(/^99\d\d$/);
          expect(endpoint.id).toMatch(/^[A-Z]{2}\S+$/);
        }
      }),
    );
  });
});
