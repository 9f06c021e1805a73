import fc from 'fast-check';
import { buyerOf } from '../../../domain/invoicing/buyer';
import { isBusinessBuyer, missingMentions, type SellerProfile } from '../../../domain/invoicing/legal-mentions';

const seller: SellerProfile = {
  company_name: 'Studio Lumière SARL',
  company_street: '12 rue Lepic',
  company_zipcode: '75018',
  company_city: 'Paris',
  company_country: 'FR',
  siren: '912345675',
  siret: null,
  vat_number: 'FR65912345675',
  vat_exempt: false,
  late_payment_rate: null,
  payment_terms_days: 30,
};
const buyer = buyerOf({
  first_name: ' Chloé ',
  last_name: 'Dubois',
  email: 'c@example.fr',
  street: '27 quai Saint-Antoine',
  zipcode: '69002',
  city: 'Lyon',
  country: 'France',
  contact_type: null,
})!;
const complete = { seller, buyer, lineCount: 1, dueDate: '2026-12-31' };
const paths = (input: Parameters<typeof missingMentions>[0]) => missingMentions(input).map((m) => m.path);

describe('missingMentions', () => {
  it('lets a complete French invoice be issued', () => {
    expect(missingMentions(complete)).toEqual([]);
    expect(buyer.name).toBe('Chloé Dubois');
  });

  it('names what a studio with no profile, and a client with no address, lack', () => {
    expect(paths({ ...complete, seller: null })).toEqual(['company.company_name', 'company.address']);
    expect(paths({ ...complete, buyer: { ...buyer, street: null } })).toEqual(['contact.address']);
    expect(paths({ ...complete, buyer: null, lineCount: 0, dueDate: null })).toEqual([
      'contact_id',
      'items',
      'due_date',
    ]);
  });

  it('asks a French studio for its SIREN or SIRET, and its VAT number unless VAT exempt; abroad, neither', () => {
    expect(paths({ ...complete, seller: { ...seller, siren: null } })).toEqual(['company.siren']);
    expect(paths({ ...complete, seller: { ...seller, siren: null, siret: '91234567500017' } })).toEqual([]);
    expect(paths({ ...complete, seller: { ...seller, vat_number: null } })).toEqual(['company.vat_number']);
    expect(paths({ ...complete, seller: { ...seller, vat_number: null, vat_exempt: true } })).toEqual([]);
    expect(paths({ ...complete, seller: { ...seller, company_country: 'GB', siren: null, vat_number: null } })).toEqual(
      [],
    );
  });

  it('asks for the late payment rate and the SIREN (in France) only when the client is a business', () => {
    const company = { ...buyer, contact_type: 'COMPANY' };
    expect(isBusinessBuyer(company)).toBe(true);
    expect(paths({ ...complete, buyer: company })).toEqual(['company.late_payment_rate', 'contact.siren']);
    expect(paths({ ...complete, buyer: company, seller: { ...seller, late_payment_rate: '10.00' } })).toEqual([
      'contact.siren',
    ]);
    expect(
      paths({
        ...complete,
        buyer: { ...company, siren: '552100554' },
        seller: { ...seller, late_payment_rate: '10.00' },
      }),
    ).toEqual([]);
    // A company abroad has no French SIREN to show.
    expect(
      paths({
        ...complete,
        buyer: { ...company, country: 'Belgium' },
        seller: { ...seller, late_payment_rate: '10.00' },
      }),
    ).toEqual([]);
    // A company name alone makes a business client.
    expect(isBusinessBuyer({ ...buyer, company_name: 'Atelier Garnier SAS' })).toBe(true);
  });

  it('never asks for more once a mention is added (monotone), and blank text counts as missing', () => {
    const text = fc.option(fc.constantFrom('', '  ', 'x'), { nil: null });
    fc.assert(
      fc.property(text, text, text, text, (name, street, siren, vat) => {
        const partial = { ...seller, company_name: name, company_street: street, siren, vat_number: vat };
        const before = new Set(paths({ ...complete, seller: partial }));
        const after = paths({ ...complete, seller: { ...partial, company_name: 'Studio' } });
        expect(after.every((p) => before.has(p))).toBe(true);
        expect(before.has('company.company_name')).toBe(!(name ?? '').trim());
      }),
    );
  });
});

describe('buyerOf', () => {
  it('has no buyer without a contact or a name, and trims and collapses what it copies', () => {
    expect(buyerOf(null)).toBeNull();
    expect(
      buyerOf({
        first_name: ' ',
        last_name: null,
        email: null,
        street: null,
        zipcode: null,
        city: null,
        country: null,
        contact_type: null,
      }),
    ).toBeNull();
    fc.assert(
      fc.property(fc.string(), fc.string(), (first, last) => {
        const b = buyerOf({
          first_name: first,
          last_name: last,
          email: null,
          street: null,
          zipcode: null,
          city: null,
          country: null,
          contact_type: null,
        });
        if (b) expect(b.name).toBe(b.name.trim().replace(/\s+/g, ' '));
        else expect(`${first} ${last}`.trim()).toBe('');
      }),
    );
  });
});
