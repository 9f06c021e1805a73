import { isHoneypotFilled, validateContactForm } from '../../../domain/contact-form/validate-contact-form';

describe('validateContactForm', () => {
  it('accepts a valid submission, trimmed, with empty optional answers as null', () => {
    expect(
      validateContactForm({
        first_name: ' Élodie ',
        last_name: '',
        email: ' Elodie@Example.fr ',
        phone_number: '',
        message: 'Bonjour',
      }),
    ).toEqual({
      ok: true,
      answers: {
        first_name: 'Élodie',
        last_name: null,
        email: 'Elodie@Example.fr',
        phone_number: null,
        message: 'Bonjour',
      },
    });
    expect(
      validateContactForm({ last_name: 'Martin', email: 'a@b.co', phone_number: '+33 6 12-34-56.78' }),
    ).toMatchObject({
      ok: true,
      answers: { first_name: null, last_name: 'Martin', phone_number: '+33 6 12-34-56.78', message: null },
    });
  });

  it('requires a valid email and at least one name', () => {
    expect(validateContactForm({ first_name: 'A' })).toMatchObject({ ok: false, errors: { email: 'required' } });
    for (const email of ['elodie', 'elodie@', 'elodie@example', 'a b@example.fr', '@example.fr']) {
      expect(validateContactForm({ first_name: 'A', email })).toMatchObject({
        ok: false,
        errors: { email: 'invalid_email' },
      });
    }
    expect(validateContactForm({ first_name: '  ', last_name: '', email: 'a@b.co' })).toEqual({
      ok: false,
      values: { first_name: '', last_name: '', email: 'a@b.co', phone_number: '', message: '' },
      errors: { first_name: 'name_required' },
    });
  });

  it('limits the message to 5 000 characters and checks the optional phone number', () => {
    expect(validateContactForm({ first_name: 'A', email: 'a@b.co', message: 'x'.repeat(5000) }).ok).toBe(true);
    expect(validateContactForm({ first_name: 'A', email: 'a@b.co', message: 'x'.repeat(5001) })).toMatchObject({
      ok: false,
      errors: { message: 'too_long' },
    });
    expect(validateContactForm({ first_name: 'A', email: 'a@b.co', phone_number: 'call me' })).toMatchObject({
      ok: false,
      errors: { phone_number: 'invalid_phone' },
    });
    expect(validateContactForm({ first_name: 'A'.repeat(101), email: 'a@b.co' })).toMatchObject({
      ok: false,
      errors: { first_name: 'too_long' },
    });
  });

  it('reads anything but a string (a repeated field, an object) as empty', () => {
    expect(validateContactForm({ first_name: ['A', 'B'], email: { x: 1 } })).toMatchObject({
      ok: false,
      errors: { first_name: 'name_required', email: 'required' },
    });
  });
});

describe('isHoneypotFilled', () => {
  it('is true only for a non-blank website field', () => {
    expect(isHoneypotFilled({ website: 'http://spam.example' })).toBe(true);
    expect(isHoneypotFilled({ website: '  ' })).toBe(false);
    expect(isHoneypotFilled({})).toBe(false);
  });
});
