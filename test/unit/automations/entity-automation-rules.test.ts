// The pure rules of workflows run for contacts, quotes and invoices (domain/automations/entity-automations.ts):
// which workflows run without a session, and the variables their messages read.
import fc from 'fast-check';
import { renderVariables } from '../../../domain/emails/render-variables';
import { INVOICE_VARIABLES, QUOTE_VARIABLES } from '../../../domain/invoicing/document-variables';
import {
  CONTACT_VARIABLES,
  ENTITY_TASK_TIMINGS,
  ENTITY_TASK_TYPES,
  AUTOMATION_ENTITIES,
  entityMessageVariables,
  entityAutomationSkipReason,
  sessionOnlyReason,
  type TaskShape,
} from '../../../domain/automations/entity-automations';
import { TASK_TIMINGS } from '../../../domain/automations/task-timing';
import { AUTOMATION_TASK_TYPES } from '../../../domain/automations/task-types';

const task = fc.record({
  name: fc.string({ maxLength: 20 }),
  task_type: fc.constantFrom(...AUTOMATION_TASK_TYPES),
  timing: fc.constantFrom(...TASK_TIMINGS),
});
const runsAlone = (t: TaskShape) => ENTITY_TASK_TYPES.includes(t.task_type) && ENTITY_TASK_TIMINGS.includes(t.timing);

describe('which workflows run for a contact, quote or invoice', () => {
  it('names the task that needs a session: a questionnaire invitation, or a timing on the session start', () => {
    expect(
      sessionOnlyReason({ name: 'Questionnaire', task_type: 'SEND_SESSION_INFO_INVITE', timing: 'IMMEDIATE' }),
    ).toBe('task "Questionnaire" (SEND_SESSION_INFO_INVITE) needs a session');
    expect(sessionOnlyReason({ name: 'Rappel', task_type: 'AUTOMATIC_SMS', timing: 'BEFORE_SESSION_START' })).toBe(
      'task "Rappel" is timed on a session\'s start (BEFORE_SESSION_START)',
    );
    expect(sessionOnlyReason({ name: 'Mail', task_type: 'AUTOMATIC_EMAIL', timing: 'AFTER_APPLIED' })).toBeNull();
    expect(entityAutomationSkipReason('INVOICE', [])).toBe('The workflow has no task to run');
    expect(
      entityAutomationSkipReason('CONTACT', [
        { name: 'Mail', task_type: 'AUTOMATIC_EMAIL', timing: 'IMMEDIATE' },
        { name: 'Q', task_type: 'SEND_SESSION_INFO_INVITE', timing: 'IMMEDIATE' },
      ]),
    ).toBe('The workflow needs a session, and a contact has none: task "Q" (SEND_SESSION_INFO_INVITE) needs a session');
  });

  it('runs a workflow exactly when it has tasks and every one of them runs without a session; else names the first that does not', () => {
    fc.assert(
      fc.property(fc.constantFrom(...AUTOMATION_ENTITIES), fc.array(task, { maxLength: 8 }), (entity, tasks) => {
        const reason = entityAutomationSkipReason(entity, tasks);
        const runs = tasks.length > 0 && tasks.every(runsAlone);
        if (runs) return reason === null;
        if (!tasks.length) return reason === 'The workflow has no task to run';
        const first = tasks.find((t) => !runsAlone(t)) as TaskShape;
        return (
          reason !== null &&
          reason.endsWith(sessionOnlyReason(first) as string) &&
          reason.includes(entity.toLowerCase())
        );
      }),
    );
  });
});

describe('the variables of an entity message', () => {
  const contact = fc.record({
    first_name: fc.option(fc.string()),
    last_name: fc.option(fc.string()),
    email: fc.option(fc.string()),
    company_name: fc.option(fc.string()),
  });
  const cents = fc.integer({ min: 0, max: 99_999_999 }).map((c) => (c / 100).toFixed(2));
  const day = fc.option(
    fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  );
  const document = fc.record({
    id: fc.uuid(),
    created_at: fc.date({
      min: new Date('2020-01-01T00:00:00Z'),
      max: new Date('2040-01-01T00:00:00Z'),
      noInvalidDate: true,
    }),
    number: fc.option(fc.constantFrom('F-2026-0001', 'D-2026-0042')),
    title: fc.string({ maxLength: 40 }),
    amount: cents,
    currency: fc.constantFrom('EUR', 'USD', 'GBP', 'CAD', 'AUD'),
    balance_due: cents,
    valid_until: day,
    due_date: day,
  });
  const reader = fc.record({
    locale: fc.constantFrom('fr-FR' as const, 'en-US' as const),
    timeZone: fc.constantFrom('Europe/Paris', 'America/New_York', 'UTC'),
  });

  it('gives exactly the documented names for each entity, every value a string', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...AUTOMATION_ENTITIES),
        fc.option(contact),
        document,
        reader,
        (entityType, who, doc, r) => {
          const variables = entityMessageVariables({ entityType, contact: who, document: doc, reader: r });
          const expected = [
            ...CONTACT_VARIABLES,
            ...(entityType === 'QUOTE' ? QUOTE_VARIABLES : entityType === 'INVOICE' ? INVOICE_VARIABLES : []),
          ];
          expect(Object.keys(variables).sort()).toEqual([...expected].sort());
          expect(Object.values(variables).every((v) => typeof v === 'string')).toBe(true);
        },
      ),
    );
  });

  it('renders every placeholder of its names, in html without letting a name inject markup', () => {
    fc.assert(
      fc.property(contact, document, reader, (who, doc, r) => {
        const variables = entityMessageVariables({ entityType: 'INVOICE', contact: who, document: doc, reader: r });
        const template = Object.keys(variables)
          .map((name) => `{{${name}}}`)
          .join('|');
        const html = renderVariables(template, variables, 'html');
        expect(html).not.toMatch(/[<>]/);
        expect(renderVariables(template, variables, 'text')).toBe(Object.values(variables).join('|'));
      }),
    );
  });

  it('writes amounts and days for the reader, and the number the document shows', () => {
    const invoice = {
      id: '0f0e0d0c-0000-4000-8000-000000000000',
      created_at: new Date('2026-03-01T10:00:00Z'),
      number: 'F-2026-0007',
      title: 'Mariage',
      amount: '1200.00',
      currency: 'EUR',
      balance_due: '450.50',
      due_date: '2026-04-15',
    };
    const fr = entityMessageVariables({
      entityType: 'INVOICE',
      contact: { first_name: 'Léa', last_name: null, email: null },
      document: invoice,
      reader: { locale: 'fr-FR', timeZone: 'Europe/Paris' },
    });
    expect(fr).toMatchObject({
      'contact.first_name': 'Léa',
      'contact.last_name': '',
      'invoice.number': 'F-2026-0007',
      'invoice.balance_due': '450,50\u00a0€',
      'invoice.due_date': '15 avril 2026',
    });
    const en = entityMessageVariables({
      entityType: 'QUOTE',
      contact: null,
      document: { ...invoice, number: null, valid_until: '2026-05-01' },
      reader: { locale: 'en-US', timeZone: 'Europe/Paris' },
    });
    expect(en).toMatchObject({
      'contact.first_name': '',
      'quote.number': '2026-0f0e0d0c',
      'quote.amount': '€1,200.00',
      'quote.valid_until': 'May 1, 2026',
    });
  });
});
