import { type Sequelize } from 'sequelize-typescript';
import { type ImportEntity } from '../../domain/imports/target-fields';
import { Contact } from '../models/Contact';
import { Invoice } from '../models/Invoice';
import { Quote } from '../models/Quote';
import { Session } from '../models/Session';
import { recordDomainEvent } from './record-domain-event';

/** One row to write: its file line, the record id (chosen before the write) and its columns. */
export interface ImportWrite {
  line: number;
  action: 'create' | 'update';
  id: string;
  values: Record<string, unknown>;
}

const MODELS = { contacts: Contact, sessions: Session, quotes: Quote, invoices: Invoice } as const;
const CREATED_EVENTS: Partial<Record<ImportEntity, { eventType: 'CONTACT_CREATED' | 'SESSION_CREATED'; entityType: 'CONTACT' | 'SESSION' }>> = {
  contacts: { eventType: 'CONTACT_CREATED', entityType: 'CONTACT' },
  sessions: { eventType: 'SESSION_CREATED', entityType: 'SESSION' },
};

/**
 * Writes one batch of an import in one transaction: the created rows (one multi-row INSERT), the
 * updates, the CONTACT_CREATED / SESSION_CREATED events of the created rows, and the
 * import_row_writes lines. A retry after a crash finds the committed lines there and skips them;
 * an uncommitted batch left nothing behind.
 */
export async function writeImportBatch(
  sequelize: Sequelize,
  input: { entity: ImportEntity; ownerId: string; jobRunId: string; requestId?: string; writes: ImportWrite[] },
): Promise<void> {
  const { entity, ownerId, jobRunId, writes } = input;
  if (writes.length === 0) return;
  // The model union has incompatible static signatures; each call below is valid for all four.
  const model = MODELS[entity] as unknown as typeof Contact;
  await sequelize.transaction(async (transaction) => {
    const creates = writes.filter((w) => w.action === 'create');
    const created = await model.bulkCreate(
      creates.map((w) => ({ ...w.values, id: w.id, owner_id: ownerId })) as never[],
      { transaction, returning: true },
    );
    for (const w of writes.filter((x) => x.action === 'update')) {
      await model.update(w.values as never, { where: { id: w.id, owner_id: ownerId }, transaction });
    }
    const event = CREATED_EVENTS[entity];
    if (event) {
      for (const row of created) {
        await recordDomainEvent({ ...event, entityId: row.id, ownerId, payload: row.get({ plain: true }), requestId: input.requestId }, transaction);
      }
    }
    await sequelize.query('INSERT INTO import_row_writes (job_run_id, line, entity_id, action) SELECT $1, * FROM unnest($2::int[], $3::uuid[], $4::text[])', {
      bind: [jobRunId, writes.map((w) => w.line), writes.map((w) => w.id), writes.map((w) => w.action)],
      transaction,
    });
  });
}
