import { EXPORT_COLUMNS, columnsFor, exportKeys, headerOf } from '../../../domain/exports/columns';
import { EXPORT_ENTITIES } from '../../../domain/exports/export-kinds';
import { resolveExportFields, validateExportFields } from '../../../domain/exports/fields';
import { ValidationError } from '../../../domain/errors';

describe('the export column catalogue', () => {
  it('has exactly the spec keys per entity, in the spec order, then the keys added since (sessions: type, contacts and members; invoices: number and ledger; quotes and invoices: currency)', () => {
    expect(exportKeys('sessions')).toEqual([
      'id',
      'title',
      'status',
      'start_date',
      'end_date',
      'location',
      'user_rate_id',
      'notes',
      'created_at',
      'updated_at',
      'session_type',
      'contact_name',
      'session_contacts',
      'lead',
      'second_shooters',
      'assistants',
    ]);
    expect(exportKeys('contacts')).toEqual([
      'id',
      'first_name',
      'last_name',
      'email',
      'phone_number',
      'street',
      'city',
      'zipcode',
      'country',
      'created_at',
      'updated_at',
      'locale',
      'company_name',
      'siren',
      'vat_number',
      'region',
      'tax_exempt_reference',
      'reverse_charge',
    ]);
    expect(exportKeys('quotes')).toEqual([
      'id',
      'title',
      'amount',
      'status',
      'valid_until',
      'description',
      'created_at',
      'updated_at',
      'currency',
    ]);
    expect(exportKeys('invoices')).toEqual([
      'id',
      'title',
      'amount',
      'status',
      'due_date',
      'paid_at',
      'description',
      'created_at',
      'updated_at',
      'number',
      'issued_at',
      'payment_status',
      'amount_paid',
      'balance_due',
      'currency',
    ]);
  });

  it('names the headers of the spec examples, and every header is set in every format', () => {
    const [startDate] = columnsFor('sessions', ['start_date']);
    expect(headerOf(startDate, 'csv')).toBe('Date');
    expect(headerOf(columnsFor('sessions', ['location'])[0], 'excel')).toBe('Location');
    expect(headerOf(columnsFor('contacts', ['first_name'])[0], 'pdf')).toBe('First Name');
    expect(
      columnsFor('sessions', ['session_type', 'contact_name', 'session_contacts']).map((c) => [
        c.csvHeader,
        c.pdfHeader,
      ]),
    ).toEqual([
      ['Session Type', 'Type'],
      ['Main Contact', 'Contact'],
      ['Session Contacts', 'Other Contacts'],
    ]);
    for (const entity of EXPORT_ENTITIES) {
      for (const c of EXPORT_COLUMNS[entity])
        for (const h of [c.csvHeader, c.excelHeader, c.pdfHeader]) expect(h.trim()).not.toBe('');
    }
  });
});

describe('export field selection', () => {
  it('keeps the order asked, trims and drops duplicates', () => {
    expect(validateExportFields('contacts', [' email', 'first_name', 'email'])).toEqual(['email', 'first_name']);
  });

  it('rejects unknown keys with a message naming the entity, the invalid and the valid fields', () => {
    let error: unknown;
    try {
      validateExportFields('sessions', ['title', 'price', 'client']);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ValidationError);
    const e = error as ValidationError;
    expect(e.message).toBe(
      `Invalid fields for sessions: price, client. Valid fields: ${exportKeys('sessions').join(', ')}`,
    );
    expect(e.details).toEqual({
      entity: 'sessions',
      invalid_fields: ['price', 'client'],
      valid_fields: exportKeys('sessions'),
    });
  });

  it('rejects an empty selection', () => {
    expect(() => validateExportFields('quotes', [' ', ''])).toThrow(/at least one field/);
  });

  it('uses the fields asked, else the default template, else every key', () => {
    expect(resolveExportFields('quotes', ['amount'], ['title'])).toEqual(['amount']);
    expect(resolveExportFields('quotes', undefined, ['title', 'amount'])).toEqual(['title', 'amount']);
    expect(resolveExportFields('quotes', undefined, undefined)).toEqual(exportKeys('quotes'));
  });
});
