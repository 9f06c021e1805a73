import { evaluate, validateConditions } from '../../../domain/workflow-triggers/conditions';
import { EVENT_ENTITY } from '../../../domain/workflow-triggers/fields';

describe('conditions of FORM_SUBMITTED triggers', () => {
  it('are evaluated on the contact, and may read the answers as form.<answer>', () => {
    expect(EVENT_ENTITY.FORM_SUBMITTED).toBe('CONTACT');
    const group = {
      operator: 'AND',
      conditions: [
        { field: 'email', operator: 'contains', value: '@' },
        { field: 'form.message', operator: 'contains', value: 'mariage' },
        { field: 'form.created_contact', operator: 'equals', value: true },
      ],
    };
    expect(validateConditions(group, 'FORM_SUBMITTED')).toEqual(group);
    expect(() =>
      validateConditions({ conditions: [{ field: 'status', operator: 'is_null' }] }, 'FORM_SUBMITTED'),
    ).toThrow(/"status" is not a field of contacts/);
  });

  it('keeps form.<answer> to FORM_SUBMITTED: a contact created otherwise has no answers', () => {
    expect(() =>
      validateConditions({ conditions: [{ field: 'form.message', operator: 'is_not_null' }] }, 'CONTACT_CREATED'),
    ).toThrow(/"form.message" is not a field of contacts/);
  });

  it('read the answers beside the contact', () => {
    const subject = {
      id: 'c1',
      email: 'lea@example.fr',
      city: null,
      form: { message: 'Un mariage en juin', created_contact: false },
    };
    expect(
      evaluate(
        { operator: 'AND', conditions: [{ field: 'form.message', operator: 'contains', value: 'mariage' }] },
        subject,
      ),
    ).toBe(true);
    expect(
      evaluate(
        { operator: 'AND', conditions: [{ field: 'form.created_contact', operator: 'equals', value: true }] },
        subject,
      ),
    ).toBe(false);
  });
});
