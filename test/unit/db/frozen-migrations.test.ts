import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { countryCode } from '../../../db/migrations/frozen/2026.11.25T09.00.00.country-codes';
import {
  computeTotals,
  creditNoteVat,
  invoiceVatAmounts,
  type LineInput,
  storedVatParts,
  toHundredths,
} from '../../../db/migrations/frozen/2026.11.25T06.00.00.vat';
import { chainUnchainedRecords } from '../../../db/migrations/frozen/2026.11.27T09.00.00.ledger-chain';

// The copies frozen for the migrations that used to import live code (db/migrations/frozen/):
// their answers, computed by the live rules on the day they were frozen (issue 42), kept as
// values. A later change to a live rule does not touch them: the migrations keep their effect.

const LINES: LineInput[] = [
  {
    item_type: 'SESSION_TYPE',
    quantity: '3.00',
    price_with_tax: '19.99',
    price_without_tax: '0',
    vat_percentage: '20.00',
    discount_percentage: '0',
    price_includes_tax: true,
  },
  {
    item_type: 'SESSION_TYPE',
    quantity: '1.00',
    price_with_tax: '0',
    price_without_tax: '100.00',
    vat_percentage: '5.50',
    discount_percentage: '10.00',
    price_includes_tax: false,
  },
  { item_type: 'DISCOUNT', discount_type: 'FIXED_WITH_TAX', discount_amount: '7.00' },
  { item_type: 'DISCOUNT', discount_type: 'PERCENTAGE_OF_TOTAL', discount_percentage: '5.00' },
  { item_type: 'TEXT' },
  { item_type: 'DEPOSIT', price_with_tax: '-12.00', price_without_tax: '-10.00', vat_percentage: '20.00' },
];

describe('frozen VAT rules (credit-note-vat and invoice-vat-amounts migrations)', () => {
  it("keeps an invoice's VAT summary", () => {
    expect(invoiceVatAmounts(LINES)).toEqual([
      { vat_percentage: '5.50', base: '81.43', vat: '4.48' },
      { vat_percentage: '20.00', base: '35.22', vat: '7.04' },
    ]);
  });

  it("keeps a credit note's breakdown, for an amount and for whole lines", () => {
    const invoiceVat = computeTotals(LINES).vat.map((v) => ({
      vatBasisPoints: v.vatBasisPoints,
      withTaxCents: v.baseCents + v.vatCents,
    }));
    expect(storedVatParts(creditNoteVat({ amountCents: toHundredths('33.33'), lines: [] }, invoiceVat, []))).toEqual([
      { vat_percentage: '5.50', base: '21.18', vat: '1.16', total: '22.34' },
      { vat_percentage: '20.00', base: '9.16', vat: '1.83', total: '10.99' },
    ]);
    const wholeLine = { amountCents: 5997n, lines: [{ vatBasisPoints: 2000, withTaxCents: 5997n }] };
    expect(storedVatParts(creditNoteVat(wholeLine, invoiceVat, []))).toEqual([
      { vat_percentage: '20.00', base: '49.98', vat: '9.99', total: '59.97' },
    ]);
  });
});

describe('frozen country rule (country-codes migration)', () => {
  it('reads names, aliases and codes, and leaves what it cannot read', () => {
    const inputs = ['France', 'Royaume-Uni', 'germany', 'uk', 'fr', 'ÉTATS-UNIS', 'St Lucia', 'Atlantis', '', '  '];
    expect(inputs.map((i) => countryCode(i, null))).toEqual([
      'FR',
      'GB',
      'DE',
      'GB',
      'FR',
      'US',
      'LC',
      null,
      null,
      null,
    ]);
    expect(['Myanmar', 'Côte d’Ivoire', 'EU'].map((i) => countryCode(i, null))).toEqual(['MM', 'CI', null]);
  });
});

describe('frozen ledger chaining (ledger-chain migration backfill)', () => {
  const OWNER = '11111111-1111-4111-8111-111111111111';
  const INVOICE = {
    id: '22222222-2222-4222-8222-222222222222',
    number: 'F-2026-0001',
    issued_at: '2026-11-20T10:00:00.123456Z',
    due_date: '2026-12-20',
    currency: 'EUR',
    amount: '120.00',
    title: 'Mariage',
    description: null,
    buyer: { name: 'Ada' },
    seller: { name: 'Studio' },
    vat_amounts: [{ vat_percentage: '20.00', base: '100.00', vat: '20.00' }],
    tax_amounts: null,
    service_date: '2026-11-19',
    service_end_date: null,
    deposit_installment: null,
    lines: [
      {
        id: '33333333-3333-4333-8333-333333333333',
        item_type: 'SESSION_TYPE',
        description: 'Séance',
        quantity: '1.00',
        price_without_tax: '100.00',
        price_with_tax: '120.00',
        price_includes_tax: false,
        vat_percentage: '20.00',
        discount_percentage: '0.00',
        discount_amount: null,
        discount_type: null,
        total: '120.00',
        taxes: null,
        deposit_invoice_id: null,
        display_order: 0,
      },
    ],
  };
  const CREDIT_NOTE = {
    id: '44444444-4444-4444-8444-444444444444',
    number: 'A-2026-0001',
    issued_at: '2026-11-21T10:00:00.000001Z',
    invoice_id: INVOICE.id,
    reason: 'Erreur',
    amount: '12.00',
    currency: 'EUR',
    items: [],
    vat_parts: [{ vat_percentage: '20.00', base: '10.00', vat: '2.00', total: '12.00' }],
    tax_parts: null,
    seller: { name: 'Studio' },
  };
  const REFUND = {
    id: '55555555-5555-4555-8555-555555555555',
    kind: 'refund',
    invoice_id: INVOICE.id,
    amount: '-5.00',
    currency: 'EUR',
    method: 'card',
    received_at: '2026-11-22T10:00:00.000000Z',
    reference: null,
    provider_reference: 're_1',
    note: null,
    is_overpayment: false,
    reverses_id: null,
    credit_note_id: null,
    receipt_number: null,
    receipt_balance_after: null,
  };

  it('appends the same records, content hashes and chain hashes as the live chain did', async () => {
    const inserts: unknown[][] = [];
    const query = jest.fn(async (sql: string, options: { bind?: unknown[] }) => {
      if (sql.includes('INSERT INTO ledger_records')) return inserts.push(options.bind!);
      if (sql.includes('"recordType"'))
        return [
          { recordType: 'INVOICE_ISSUED', recordId: INVOICE.id, at: '2026-11-20T10:00:00.123456Z' },
          { recordType: 'CREDIT_NOTE_ISSUED', recordId: CREDIT_NOTE.id, at: '2026-11-21T10:00:00.000001Z' },
          { recordType: 'REFUND', recordId: REFUND.id, at: '2026-11-22T10:00:01.000000Z' },
        ];
      if (sql.includes('FROM invoices i\nWHERE')) return [INVOICE];
      if (sql.includes('FROM credit_notes c\nWHERE')) return [CREDIT_NOTE];
      if (sql.includes('FROM invoice_payments p\nLEFT JOIN')) return [REFUND];
      return []; // the lock, and the head of an empty chain
    });
    await chainUnchainedRecords({ query } as unknown as Sequelize, OWNER, {} as Transaction);
    const zeros = '0'.repeat(64);
    expect(inserts).toEqual([
      [
        OWNER,
        1,
        'INVOICE_ISSUED',
        INVOICE.id,
        '2026-11-20T10:00:00.123456Z',
        'd50b4ab13b8fdc40f66dddd7f6f76e73f725afbe4959089720a6646fad0b6126',
        zeros,
        '07df44911f36b40bf91f8d1daeaeab4565f096b84c67488fbb91325b7df81f03',
      ],
      [
        OWNER,
        2,
        'CREDIT_NOTE_ISSUED',
        CREDIT_NOTE.id,
        '2026-11-21T10:00:00.000001Z',
        'd9ce3684b811e7fbfd50ca2901e8ed9217395ecd7fc3e49063d09eb7442ff38a',
        '07df44911f36b40bf91f8d1daeaeab4565f096b84c67488fbb91325b7df81f03',
        'b55ec5f79a00c9e2f529493c935fdc41bb1b268a4a4de65be0fffd6ea8415481',
      ],
      [
        OWNER,
        3,
        'REFUND',
        REFUND.id,
        '2026-11-22T10:00:01.000000Z',
        'd418cf3965e0961aec605310dc8bc66e093db18b25d4b533e688c1c17dbc9036',
        'b55ec5f79a00c9e2f529493c935fdc41bb1b268a4a4de65be0fffd6ea8415481',
        '6620d369c1eac8f8440524476ab457e4482713a6efe358f602ad9170d140bfe1',
      ],
    ]);
  });
});
