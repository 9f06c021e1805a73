import { type ModelStatic, type Model } from 'sequelize';
import { createSequelize } from '../../../db/sequelize';

// No connection is opened: Sequelize connects on the first query, and these tests only read the
// models' definitions (the columns sequelize-typescript collected through the base classes).
const sequelize = createSequelize({ url: 'postgres://unused:unused@127.0.0.1:1/unused' });
afterAll(() => sequelize.close());

const model = (name: string): ModelStatic<Model> => sequelize.models[name] as ModelStatic<Model>;
const columns = (name: string) => {
  const attrs = model(name).getAttributes();
  return Object.fromEntries(
    Object.entries(attrs).map(([key, a]) => [
      key,
      {
        type: String(a.type),
        allowNull: a.allowNull ?? true,
        defaultValue: String(a.defaultValue),
        primaryKey: a.primaryKey ?? false,
      },
    ]),
  );
};
const without = (cols: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(cols).filter(([k]) => k !== key));

describe('db/models/base', () => {
  it('gives every model but two the uuid id and the timestamps of db/sequelize.ts', () => {
    for (const [name, m] of Object.entries(sequelize.models)) {
      if (name === 'OutboxEvent' || name === 'SessionContact') continue; // bigint id, composite key
      expect([name, m.primaryKeyAttributes]).toEqual([name, ['id']]);
      expect([name, String(m.getAttributes().id.type)]).toEqual([name, 'UUID']);
      expect([name, m.options.underscored, m.options.createdAt]).toEqual([name, true, 'created_at']);
    }
    expect(model('Contact').options).toMatchObject({ timestamps: true, updatedAt: 'updated_at' });
    expect(model('AuditLog').options).toMatchObject({ timestamps: true, updatedAt: false });
    expect(model('ProcessedProviderEvent').options).toMatchObject({ timestamps: false });
  });

  it('declares the columns of quote and invoice lines once, for both tables', () => {
    const invoice = columns('InvoiceItem');
    const quote = columns('QuoteItem');
    expect(invoice.invoice_id).toMatchObject({ type: 'UUID', allowNull: false });
    expect(quote.quote_id).toMatchObject({ type: 'UUID', allowNull: false });
    // An invoice line may also deduct a deposit invoice (issue 21 §1): its one column of its own.
    expect(invoice.deposit_invoice_id).toMatchObject({ type: 'UUID', allowNull: true });
    expect(without(without(invoice, 'invoice_id'), 'deposit_invoice_id')).toEqual(without(quote, 'quote_id'));
    expect(Object.keys(invoice)).toEqual(
      expect.arrayContaining([
        'price_with_tax',
        'vat_percentage',
        'total',
        'price_includes_tax',
        'created_at',
        'updated_at',
      ]),
    );
    expect(model('InvoiceItem').getTableName()).toBe('invoice_items');
    expect(Object.keys(model('QuoteItem').associations).sort()).toEqual(['quote', 'user_session_type']);
    expect(Object.keys(model('InvoiceItem').associations).sort()).toEqual(['invoice', 'user_session_type']);
  });
});
