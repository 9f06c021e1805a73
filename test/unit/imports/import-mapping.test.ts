import fc from 'fast-check';
import { ValidationError } from '../../../domain/errors';
import { parseCustomMapping } from '../../../domain/imports/custom-mapping';
import { autoMapHeaders, normalizeHeader, targetForHeader } from '../../../domain/imports/header-mapping';
import { recordFromRow, rowMapper, splitFullName } from '../../../domain/imports/row-record';
import { IMPORT_ENTITIES, IMPORT_TARGET_FIELDS } from '../../../domain/imports/target-fields';

describe('automatic header mapping', () => {
  it('maps the spec variants whatever the case, accents and surrounding spaces', () => {
    expect(
      autoMapHeaders('contacts', [
        '  FIRST name ',
        'lastname',
        'Émail',
        'Phone Number',
        'Postal Code',
        'type',
        'Unknown',
      ]),
    ).toEqual({
      '  FIRST name ': 'first_name',
      lastname: 'last_name',
      Émail: 'email',
      'Phone Number': 'phone_number',
      'Postal Code': 'zipcode',
      type: 'contact_type',
    });
    expect(targetForHeader('sessions', 'Start Date')).toBe('start_date');
    expect(targetForHeader('sessions', 'contact_id')).toBe('contact_id');
    expect(targetForHeader('quotes', 'Valid Until')).toBe('valid_until');
    expect(targetForHeader('invoices', 'quote id')).toBe('quote_id');
    expect(targetForHeader('invoices', 'valid until')).toBeUndefined();
  });

  it("maps a French studio's headers, and the headers of this service's own exports", () => {
    expect(
      autoMapHeaders('contacts', ['Prénom', 'Nom', 'Courriel', 'Téléphone', 'Adresse', 'Code postal', 'Ville', 'Pays']),
    ).toEqual({
      Prénom: 'first_name',
      Nom: 'last_name',
      Courriel: 'email',
      Téléphone: 'phone_number',
      Adresse: 'street',
      'Code postal': 'zipcode',
      Ville: 'city',
      Pays: 'country',
    });
    expect(autoMapHeaders('invoices', ['Titre', 'Montant', 'Statut', 'ÉCHÉANCE'])).toEqual({
      Titre: 'title',
      Montant: 'amount',
      Statut: 'status',
      ÉCHÉANCE: 'due_date',
    });
    // A contacts or sessions export (csv headers of domain/exports/columns.ts) maps back field for field.
    expect(
      autoMapHeaders('contacts', [
        'ID',
        'First Name',
        'Last Name',
        'Email',
        'Phone Number',
        'Street',
        'City',
        'Zip Code',
        'Country',
        'Created At',
      ]),
    ).toEqual({
      'First Name': 'first_name',
      'Last Name': 'last_name',
      Email: 'email',
      'Phone Number': 'phone_number',
      Street: 'street',
      City: 'city',
      'Zip Code': 'zipcode',
      Country: 'country',
    });
    expect(autoMapHeaders('sessions', ['Title', 'Date', 'End Date', 'Location', 'Session Type'])).toEqual({
      Title: 'title',
      Date: 'start_date',
      'End Date': 'end_date',
      Location: 'location',
      'Session Type': 'session_type',
    });
  });

  it("maps a session type's headers, English and French", () => {
    for (const header of [
      'Session Type',
      'session_type',
      'type',
      'TYPE DE SÉANCE',
      'Type de seance',
      'Type de prestation',
    ])
      expect(targetForHeader('sessions', header)).toBe('session_type');
    expect(targetForHeader('contacts', 'type')).toBe('contact_type');
  });

  it('maps the third-party contacts layout', () => {
    const headers = [
      'Name',
      'Given Name',
      'Family Name',
      'E-mail 1 - Value',
      'E-mail 2 - Value',
      'Phone 1 - Value',
      'Address 1 - Street',
      'Address 1 - City',
      'Address 1 - Postal Code',
      'Address 1 - Country',
      'Group Membership',
    ];
    expect(autoMapHeaders('contacts', headers)).toEqual({
      Name: 'full_name',
      'Given Name': 'first_name',
      'Family Name': 'last_name',
      'E-mail 1 - Value': 'email',
      'E-mail 2 - Value': 'email',
      'Phone 1 - Value': 'phone_number',
      'Address 1 - Street': 'street',
      'Address 1 - City': 'city',
      'Address 1 - Postal Code': 'zipcode',
      'Address 1 - Country': 'country',
    });
  });

  it('folds headers for comparison', () => {
    expect(normalizeHeader('  Prénom_Nom\t ')).toBe('prenom nom');
  });

  it('never throws and only yields target fields of the entity, for any headers', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...IMPORT_ENTITIES),
        fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 30 }),
        (entity, headers) => {
          const mapping = autoMapHeaders(entity, [...headers, '__proto__', 'constructor']);
          for (const [header, target] of Object.entries(mapping)) {
            expect(headers).toContain(header);
            expect(IMPORT_TARGET_FIELDS[entity] as readonly string[]).toContain(target);
          }
        },
      ),
    );
  });
});

describe('custom mapping', () => {
  it('accepts known target fields', () => {
    expect(parseCustomMapping('contacts', '{"Prénom":"first_name","Courriel":"email"}')).toEqual({
      Prénom: 'first_name',
      Courriel: 'email',
    });
  });

  it('rejects unknown targets, listing the invalid and the valid fields', () => {
    let error: unknown;
    try {
      parseCustomMapping('quotes', '{"A":"title","B":"price"}');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(
      `Unknown target fields for quotes: price. Valid fields: ${IMPORT_TARGET_FIELDS.quotes.join(', ')}`,
    );
    expect((error as ValidationError).details).toEqual({
      entity: 'quotes',
      invalid_fields: ['price'],
      valid_fields: [...IMPORT_TARGET_FIELDS.quotes],
    });
  });

  it('rejects what is not a JSON object', () => {
    for (const raw of ['', 'nope', '[]', 'null', '"x"', '{}', '{"a":1}'])
      expect(() => parseCustomMapping('contacts', raw)).toThrow(ValidationError);
  });

  it('names a target that is not text as its JSON, even an object whose toString is not a function (found by the property below)', () => {
    expect(() => parseCustomMapping('contacts', '{"":{"toString":0}}')).toThrow(ValidationError);
    expect(() => parseCustomMapping('contacts', '{"Nom":{"toString":0}}')).toThrow(
      'Unknown target fields for contacts: {"toString":0}',
    );
  });

  it('throws nothing but a ValidationError, for any text', () => {
    fc.assert(
      fc.property(fc.constantFrom(...IMPORT_ENTITIES), fc.oneof(fc.string(), fc.json()), (entity, raw) => {
        try {
          parseCustomMapping(entity, raw);
        } catch (err) {
          expect(err).toBeInstanceOf(ValidationError);
        }
      }),
    );
  });
});

describe('row records', () => {
  it('takes the first non-empty cell among columns mapped to one field', () => {
    const headers = ['E-mail 1 - Value', 'E-mail 2 - Value', 'Phone 1 - Value', 'Phone 2 - Value'];
    const mapping = autoMapHeaders('contacts', headers);
    const row = {
      'E-mail 1 - Value': '  ',
      'E-mail 2 - Value': 'b@example.com',
      'Phone 1 - Value': '+33 6 12',
      'Phone 2 - Value': '+33 7 00',
    };
    expect(recordFromRow(row, mapping, headers)).toEqual({ email: 'b@example.com', phone_number: '+33 6 12' });
    // Compiled once per file, read from the cells in column order: the same record.
    expect(rowMapper(mapping, headers)(['  ', 'b@example.com', '+33 6 12', '+33 7 00'])).toEqual({
      email: 'b@example.com',
      phone_number: '+33 6 12',
    });
  });

  it('reads a header that appears twice from its first column, as the error report shows it', () => {
    const headers = ['Email', 'City', 'Email'];
    expect(rowMapper({ Email: 'email', City: 'city' }, headers)(['a@x.io', ' Lyon ', 'b@x.io'])).toEqual({
      email: 'a@x.io',
      city: 'Lyon',
    });
    expect(rowMapper({ Email: 'email' }, headers)(['', 'Lyon', 'b@x.io'])).toEqual({});
  });

  it('splits full names: the last word is the last name', () => {
    expect(splitFullName('  Jean  Claude Dupont ')).toEqual({ first_name: 'Jean Claude', last_name: 'Dupont' });
    expect(splitFullName('Cher')).toEqual({ first_name: 'Cher' });
    expect(splitFullName('   ')).toEqual({});
  });
});

describe('the contact tax fields (issue 30) in the mapping', () => {
  it('map English and French headers, a typographic apostrophe included, and the export’s own', () => {
    expect(
      autoMapHeaders('contacts', [
        'Region',
        'Province',
        'Certificat d’exonération',
        'Tax Exempt Reference',
        'Autoliquidation',
        'Reverse Charge',
      ]),
    ).toEqual({
      Region: 'region',
      Province: 'region',
      'Certificat d’exonération': 'tax_exempt_reference',
      'Tax Exempt Reference': 'tax_exempt_reference',
      Autoliquidation: 'reverse_charge',
      'Reverse Charge': 'reverse_charge',
    });
  });
});
