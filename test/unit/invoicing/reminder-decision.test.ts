import fc from 'fast-check';
import { computeSchedule } from '../../../domain/invoicing/payment-schedule';
import {
  decideReminder,
  HOLD_RECHECK_MS,
  type InvoiceReminderFacts,
  invoiceReminderFacts,
  reminderDueDate,
  type ReminderInvoice,
} from '../../../domain/invoicing/reminder-decision';
import { type ReminderStep } from '../../../domain/invoicing/reminder-plan';
import { reminderMessage } from '../../../domain/invoicing/reminder-message';

const steps: ReminderStep[] = [
  { offsetDays: -3, channels: ['email'] },
  { offsetDays: 0, channels: ['email', 'sms'] },
  { offsetDays: 7, repeatEveryDays: 7, maxRepeats: 1, channels: ['email'] },
];
const facts = (overrides: Partial<InvoiceReminderFacts> = {}): InvoiceReminderFacts => ({
  status: 'ISSUED',
  balanceDueCents: 120_000n,
  dueDate: '2026-03-10',
  timeZone: 'Europe/Paris',
  steps,
  control: null,
  clientPaused: false,
  cardPaymentPending: false,
  hasEmail: true,
  behind: [],
  ...overrides,
});
const monday = new Date('2026-03-02T10:00:00Z');

describe('decideReminder', () => {
  it('ends for a draft, a cancelled invoice, a settled one and a stop, in that order of precedence', () => {
    expect(decideReminder(facts({ status: 'DRAFT' }), monday)).toEqual({ kind: 'end', reason: 'not_issued' });
    expect(decideReminder(facts({ status: 'CANCELLED', control: 'PAUSED' }), monday)).toEqual({
      kind: 'end',
      reason: 'not_issued',
    });
    expect(decideReminder(facts({ balanceDueCents: 0n, control: 'STOPPED' }), monday)).toEqual({
      kind: 'end',
      reason: 'settled',
    });
    // An overpaid invoice (negative balance) is settled too.
    expect(decideReminder(facts({ balanceDueCents: -500n }), monday)).toEqual({ kind: 'end', reason: 'settled' });
    expect(decideReminder(facts({ control: 'STOPPED' }), monday)).toEqual({ kind: 'end', reason: 'stopped' });
  });

  it('holds while paused (invoice, then client), while a card payment is in progress, or when there is nothing to remind with', () => {
    const reason = (f: Partial<InvoiceReminderFacts>) => {
      const d = decideReminder(facts(f), monday);
      return d.kind === 'hold' ? d.reason : d.kind;
    };
    expect(reason({ control: 'PAUSED', clientPaused: true })).toBe('paused');
    expect(reason({ clientPaused: true, cardPaymentPending: true })).toBe('client_paused');
    expect(reason({ cardPaymentPending: true })).toBe('card_payment_pending');
    expect(reason({ steps: [] })).toBe('no_steps');
    expect(reason({ hasEmail: false })).toBe('no_email');
    expect(reason({ dueDate: null })).toBe('no_due_date');
    // A card payment left open is looked at again within the hour, a pause within a day.
    expect(HOLD_RECHECK_MS.card_payment_pending).toBeLessThan(HOLD_RECHECK_MS.paused);
  });

  it('plans the next reminder of the current due date, counting only the reminders behind for that date', () => {
    const first = decideReminder(facts(), monday);
    expect(first).toMatchObject({
      kind: 'send',
      dueDate: '2026-03-10',
      reminder: { stepIndex: 0, occurrence: 0, scheduledDate: '2026-03-07' },
    });
    // After step 0 went out, the due-date step comes next; the same reminders behind an older due date do not count.
    const behind = [{ dueDate: '2026-03-10', stepIndex: 0, occurrence: 0 }];
    expect(decideReminder(facts({ behind }), monday)).toMatchObject({
      kind: 'send',
      reminder: { stepIndex: 1, scheduledDate: '2026-03-10' },
    });
    expect(decideReminder(facts({ behind, dueDate: '2026-04-10' }), monday)).toMatchObject({
      kind: 'send',
      dueDate: '2026-04-10',
      reminder: { stepIndex: 0, scheduledDate: '2026-04-07' },
    });
    // Everything sent: held (a later installment or a move may bring more), looked at again within a week.
    const all = [
      ...behind,
      { dueDate: '2026-03-10', stepIndex: 1, occurrence: 0 },
      { dueDate: '2026-03-10', stepIndex: 2, occurrence: 1 },
    ];
    expect(decideReminder(facts({ behind: all }), new Date('2026-04-01T10:00:00Z'))).toEqual({
      kind: 'hold',
      reason: 'all_sent',
      recheckAfterMs: HOLD_RECHECK_MS.all_sent,
    });
  });

  it('never plans a reminder before now, and any reason to hold or end wins over a reminder (property)', () => {
    const day = fc
      .integer({ min: 0, max: 120 })
      .map((d) => new Date(Date.UTC(2026, 0, 1) + d * 86_400_000 + 13 * 3_600_000));
    fc.assert(
      fc.property(
        day,
        fc.record({
          paid: fc.boolean(),
          control: fc.constantFrom(null, 'PAUSED', 'STOPPED'),
          clientPaused: fc.boolean(),
          cardPaymentPending: fc.boolean(),
          hasEmail: fc.boolean(),
        }),
        (now, f) => {
          const decision = decideReminder(
            facts({
              balanceDueCents: f.paid ? 0n : 5_000n,
              control: f.control as InvoiceReminderFacts['control'],
              clientPaused: f.clientPaused,
              cardPaymentPending: f.cardPaymentPending,
              hasEmail: f.hasEmail,
            }),
            now,
          );
          const blocked = f.paid || f.control !== null || f.clientPaused || f.cardPaymentPending || !f.hasEmail;
          if (blocked) expect(decision.kind).not.toBe('send');
          if (decision.kind === 'send') expect(decision.reminder.at.getTime()).toBeGreaterThanOrEqual(now.getTime());
          if (f.paid) expect(decision).toEqual({ kind: 'end', reason: 'settled' });
        },
      ),
    );
  });
});

describe('reminderDueDate', () => {
  const schedule = computeSchedule(
    [
      { percentage: 30, due: { type: 'on_booking' } },
      { percentage: 70, due: { type: 'before_start', days: 7 } },
    ],
    { totalCents: 100_000n, bookingDate: '2026-02-01', sessionStart: '2026-06-20' },
  );

  it("is the first installment the money paid does not cover, else the invoice's own due date", () => {
    expect(reminderDueDate('2026-03-01', schedule, 0n)).toBe('2026-02-01');
    expect(reminderDueDate('2026-03-01', schedule, 29_999n)).toBe('2026-02-01');
    expect(reminderDueDate('2026-03-01', schedule, 30_000n)).toBe('2026-06-13');
    expect(reminderDueDate('2026-03-01', null, 0n)).toBe('2026-03-01');
    expect(reminderDueDate(null, [], 0n)).toBeNull();
  });

  it('with every installment paid, falls back to the due date (the balance decides whether anything is owed)', () => {
    expect(reminderDueDate('2026-03-01', schedule, 100_000n)).toBe('2026-03-01');
  });
});

describe('invoiceReminderFacts', () => {
  const stored: ReminderInvoice = {
    status: 'ISSUED',
    amount: '1000.00',
    amount_paid: '300.00',
    balance_due: '700.00',
    due_date: '2026-02-15',
    payment_schedule: [
      { percentage: 30, due: { type: 'on_booking' } },
      { percentage: 70, due: { type: 'before_start', days: 7 } },
    ],
    created_at: new Date('2026-01-20T10:00:00Z'),
    issued_at: new Date('2026-02-01T10:00:00Z'),
    session_start: new Date('2026-06-20T14:00:00Z'),
    contact_email: 'lea@example.test',
    time_zone: 'America/New_York',
    studio_time_zone: 'Europe/Paris',
    client_paused: false,
    control: null,
    steps: [{ offset_days: -3, channels: ['email'] }],
    card_pending: false,
  };

  it("reads the schedule on the studio's calendar and the money paid: the deposit paid, the balance installment is reminded of", () => {
    const f = invoiceReminderFacts(stored, []);
    expect(f).toMatchObject({
      dueDate: '2026-06-13',
      balanceDueCents: 70_000n,
      timeZone: 'America/New_York',
      steps: [{ offsetDays: -3, channels: ['email'] }],
    });
  });

  it("falls back to the invoice's due date when the session lost its date", () => {
    expect(invoiceReminderFacts({ ...stored, session_start: null }, []).dueDate).toBe('2026-02-15');
  });
});

describe('reminderMessage', () => {
  const variables = {
    'contact.first_name': 'Léa <b>',
    'invoice.number': 'F-2026-00012',
    amount_due: '700,00 €',
    due_date: '13 juin 2026',
    payment_link: 'https://s3.test/x.pdf?a=1&b=2',
    'studio.name': 'Atelier Lumière',
  };

  it('says upcoming, today or late from the day of the reminder, in the client language', () => {
    expect(reminderMessage('fr-FR', -3, undefined, variables).subject).toBe(
      'Rappel : facture F-2026-00012 à régler le 13 juin 2026',
    );
    expect(reminderMessage('fr-FR', 0, undefined, variables).subject).toContain("échéance aujourd'hui");
    expect(reminderMessage('en-US', 14, undefined, variables).subject).toBe('Invoice F-2026-00012 is overdue');
  });

  it("uses the studio's own words for the language it wrote them in, and escapes them and the values in the html part", () => {
    const wording = { 'en-US': { subject: 'Hey {{contact.first_name}}', body: 'Pay <now> please: {{payment_link}}' } };
    const own = reminderMessage('en-US', -3, wording, variables);
    expect(own.subject).toBe('Hey Léa <b>');
    expect(own.text).toBe('Pay <now> please: https://s3.test/x.pdf?a=1&b=2');
    expect(own.html).toContain('Pay &lt;now&gt; please: <a href="https://s3.test/x.pdf?a=1&amp;b=2">');
    expect(own.html).not.toContain('<now>');
    // No French wording written: the default French one.
    expect(reminderMessage('fr-FR', -3, wording, variables).subject).toContain('Rappel');
    // The default SMS, as the studio wrote no SMS.
    expect(own.sms).toContain('Atelier Lumière');
  });
});
