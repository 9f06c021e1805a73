import { RegisterBody } from '../../../api/auth/schema';
import { CreateContactBody } from '../../../api/contacts/schema';
import { ReminderStepBody } from '../../../api/invoicing/reminder-schema';
import { BaseTemplateBody } from '../../../api/session-info/schema';
import { USER_LOCALES } from '../../../domain/accounts/users';

/** Where a client names a locale (issue 30 §4): the seven are taken as given, anything else refused. */
describe('the locales the api takes', () => {
  it('takes each of the seven locales as given on registration, a contact and a base template', () => {
    for (const locale of USER_LOCALES) {
      expect(RegisterBody.parse({ email: 'a@b.test', password: 'long enough password', locale }).locale).toBe(locale);
      expect(CreateContactBody.parse({ first_name: 'A', locale }).locale).toBe(locale);
      expect(BaseTemplateBody.parse({ name: 'Wedding', locale }).locale).toBe(locale);
    }
    expect(CreateContactBody.safeParse({ first_name: 'A', locale: 'en-NZ' }).success).toBe(false);
    expect(CreateContactBody.safeParse({ first_name: 'A', locale: 'en-gb' }).success).toBe(false);
  });

  it("takes a reminder step's wording for any of the seven, and no other key", () => {
    const wording = { subject: 'Invoice {{invoice.number}}', body: 'Dear {{contact.first_name}}' };
    const step = { offset_days: 3, channels: ['email'] };
    expect(ReminderStepBody.parse({ ...step, wording: { 'en-GB': wording, 'fr-CA': wording } }).wording).toEqual({
      'en-GB': wording,
      'fr-CA': wording,
    });
    expect(ReminderStepBody.safeParse({ ...step, wording: { 'en-NZ': wording } }).success).toBe(false);
  });
});
