import { type ExportEntity, type ExportFormat } from './export-kinds';

/**
 * How a column's values are written: typed cells in excel (dates as dates, amounts as numbers),
 * formatted text in csv and pdf.
 */
export type ColumnType = 'id' | 'text' | 'status' | 'date' | 'timestamp' | 'money';

/** One exportable column (spec: each export column has a key and a header per format). */
export interface ExportColumn {
  key: string;
  type: ColumnType;
  csvHeader: string;
  excelHeader: string;
  pdfHeader: string;
}

/** A column whose header reads the same in every format unless `pdf` gives a shorter one for narrow pages. */
function column(key: string, type: ColumnType, header: string, pdf = header): ExportColumn {
  return { key, type, csvHeader: header, excelHeader: header, pdfHeader: pdf };
}

const created = column('created_at', 'timestamp', 'Created At', 'Created');
const updated = column('updated_at', 'timestamp', 'Updated At', 'Updated');
const id = column('id', 'id', 'ID');

/**
 * The column catalogue: per entity, every exportable key in the spec's order (the default order
 * of an export), then the keys added since, with their headers. Exports, templates, docs and
 * tests read it; nothing else repeats these keys. Sessions: `session_type` is the name of the
 * session's type (the studio's or a system one), `contact_name` the main contact's "First Last",
 * `session_contacts` the attached contacts as "First Last (role)", in the order they were added,
 * joined with "; ".
 */
export const EXPORT_COLUMNS: Record<ExportEntity, readonly ExportColumn[]> = {
  sessions: [
    id,
    column('title', 'text', 'Title'),
    column('status', 'status', 'Status'),
    column('start_date', 'timestamp', 'Date'),
    column('end_date', 'timestamp', 'End Date', 'End'),
    column('location', 'text', 'Location'),
    column('user_rate_id', 'id', 'Rate ID', 'Rate'),
    column('notes', 'text', 'Notes'),
    created,
    updated,
    // What the studio set up since the spec's list (issue 19): read through joins, not columns of
    // the sessions table (db/queries/exports/derived-columns.ts).
    column('session_type', 'text', 'Session Type', 'Type'),
    column('contact_name', 'text', 'Main Contact', 'Contact'),
    column('session_contacts', 'text', 'Session Contacts', 'Other Contacts'),
    // Issue 44 §2: the members on the session, a column per role, by email ("; " between two).
    column('lead', 'text', 'Lead'),
    column('second_shooters', 'text', 'Second Shooters', '2nd Shooters'),
    column('assistants', 'text', 'Assistants'),
  ],
  contacts: [
    id,
    column('first_name', 'text', 'First Name'),
    column('last_name', 'text', 'Last Name'),
    column('email', 'text', 'Email'),
    column('phone_number', 'text', 'Phone Number', 'Phone'),
    column('street', 'text', 'Street'),
    column('city', 'text', 'City'),
    column('zipcode', 'text', 'Zip Code', 'Zip'),
    column('country', 'text', 'Country'),
    created,
    updated,
    // Added since the spec's list: the contact's language and its company (issue 20).
    column('locale', 'text', 'Locale', 'Language'),
    column('company_name', 'text', 'Company'),
    column('siren', 'text', 'SIREN'),
    column('vat_number', 'text', 'VAT Number', 'VAT No.'),
    // Issue 30: the client's region (its tax rate) and tax treatment, as the import reads them.
    column('region', 'text', 'Region'),
    column('tax_exempt_reference', 'text', 'Tax Exempt Reference', 'Tax Exempt Ref.'),
    column('reverse_charge', 'text', 'Reverse Charge'),
  ],
  quotes: [
    id,
    column('title', 'text', 'Title'),
    column('amount', 'money', 'Amount'),
    column('status', 'status', 'Status'),
    column('valid_until', 'date', 'Valid Until'),
    column('description', 'text', 'Description'),
    created,
    updated,
    // Issue 30: every amount is in its document's currency; a sheet never sums across them.
    column('currency', 'text', 'Currency'),
  ],
  invoices: [
    id,
    column('title', 'text', 'Title'),
    column('amount', 'money', 'Amount'),
    column('status', 'status', 'Status'),
    column('due_date', 'date', 'Due Date'),
    column('paid_at', 'timestamp', 'Paid At', 'Paid'),
    column('description', 'text', 'Description'),
    created,
    updated,
    // Legal invoicing (issue 20): the number given at issue and what the payments ledger says.
    column('number', 'text', 'Number', 'No.'),
    column('issued_at', 'timestamp', 'Issued At', 'Issued'),
    column('payment_status', 'status', 'Payment Status', 'Payment'),
    column('amount_paid', 'money', 'Amount Paid'),
    column('balance_due', 'money', 'Balance Due', 'Due'),
    column('currency', 'text', 'Currency'),
  ],
};

/** The valid keys of an entity, in catalogue order. */
export function exportKeys(entity: ExportEntity): string[] {
  return EXPORT_COLUMNS[entity].map((c) => c.key);
}

/** The columns for `keys`, in the order asked (keys must be valid: see resolveExportFields). */
export function columnsFor(entity: ExportEntity, keys: readonly string[]): ExportColumn[] {
  const byKey = new Map(EXPORT_COLUMNS[entity].map((c) => [c.key, c]));
  return keys.map((key) => {
    const found = byKey.get(key);
    if (!found) throw new Error(`Unknown ${entity} export key ${key}`);
    return found;
  });
}

/** A column's header in a format: excel and csv share the long form, pdf may be shorter. */
export function headerOf(column: ExportColumn, format: ExportFormat): string {
  return format === 'csv' ? column.csvHeader : format === 'excel' ? column.excelHeader : column.pdfHeader;
}
