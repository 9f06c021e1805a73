import fc from 'fast-check';
import { CAPABILITIES, type Capability, mayDo } from '../../../domain/teams/permissions';
import { MEMBER_ROLES } from '../../../domain/teams/roles';

const capability = fc.constantFrom(...CAPABILITIES);
const never = (role: (typeof MEMBER_ROLES)[number], ...caps: Capability[]) => caps.filter((c) => mayDo(role, c));

describe('the roles of a studio (issue 44 §1)', () => {
  it('lets the owner do everything, and an admin everything but transferring ownership', () => {
    fc.assert(
      fc.property(capability, (c) => {
        expect(mayDo('owner', c)).toBe(true);
        expect(mayDo('admin', c)).toBe(c !== 'ownership.transfer');
      }),
    );
  });

  it('keeps the team, the settings and ownership to the owner and admins', () => {
    for (const role of ['photographer', 'assistant', 'bookkeeper'] as const)
      expect(never(role, 'team.manage', 'settings.write', 'ownership.transfer', 'automations.write')).toEqual([]);
  });

  it('gives a photographer no invoice, payment, ledger or export of the whole studio', () => {
    expect(
      never(
        'photographer',
        'invoices.read',
        'invoices.write',
        'payments.record',
        'refunds.record',
        'ledger.read',
        'exports.studio',
        'accounting.export',
      ),
    ).toEqual([]);
    expect(mayDo('photographer', 'quotes.draft')).toBe(true);
    expect(mayDo('photographer', 'quotes.send')).toBe(false);
  });

  it('lets an assistant read invoices but not change them, nor touch payments, refunds or the ledger', () => {
    expect(mayDo('assistant', 'invoices.read')).toBe(true);
    expect(
      never('assistant', 'invoices.write', 'payments.record', 'refunds.record', 'ledger.read', 'ledger.close'),
    ).toEqual([]);
  });

  it('lets a bookkeeper record payments and refunds and export the accounts, and read contacts only', () => {
    for (const c of [
      'payments.record',
      'refunds.record',
      'accounting.export',
      'ledger.read',
      'e_invoicing.read',
      'contacts.read',
    ] as const)
      expect(mayDo('bookkeeper', c)).toBe(true);
    expect(never('bookkeeper', 'contacts.write', 'contacts.erase', 'sessions.write', 'e_invoicing.write')).toEqual([]);
  });

  it('lets every role read their own profile and see who is on the team', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MEMBER_ROLES), (role) => mayDo(role, 'profile') && mayDo(role, 'team.read')),
    );
  });
});
