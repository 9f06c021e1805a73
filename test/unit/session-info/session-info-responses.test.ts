import { validateResponses, type ResponseField } from '../../../domain/session-info/validate-responses';

const fields: ResponseField[] = [
  { field_key: 'venue', label: 'Lieu', field_type: 'TEXT', options: null, is_required: true },
  { field_key: 'day', label: 'Date', field_type: 'DATE', options: null, is_required: false },
  { field_key: 'guests', label: 'Invités', field_type: 'NUMBER', options: null, is_required: false },
  { field_key: 'style', label: 'Style', field_type: 'SELECT', options: ['Classique', 'Bohème'], is_required: false },
];

describe('validateResponses', () => {
  it('keeps trimmed text, ISO dates, numbers (with a decimal comma) and listed options; drops blanks', () => {
    expect(validateResponses(fields, { venue: ' Lyon ', day: '2027-06-12', guests: '12,5', style: 'Bohème' })).toEqual({
      ok: true,
      responses: { venue: 'Lyon', day: '2027-06-12', guests: 12.5, style: 'Bohème' },
    });
    expect(validateResponses(fields, { venue: 'Lyon', day: '', guests: null })).toEqual({
      ok: true,
      responses: { venue: 'Lyon' },
    });
  });

  it('names each wrong field with its problem', () => {
    const result = validateResponses(fields, { day: '2027-02-30', guests: 'many', style: 'Rock', extra: 'x' });
    expect(result.ok).toBe(false);
    const problems = result.ok ? {} : Object.fromEntries(result.errors.map((e) => [e.field_key, e.problem]));
    expect(problems).toEqual({
      extra: 'unknown_field',
      venue: 'required',
      day: 'not_a_date',
      guests: 'not_a_number',
      style: 'not_an_option',
    });
  });

  it('refuses objects and over-long answers', () => {
    const result = validateResponses(fields, { venue: { a: 1 }, style: 'x'.repeat(300) });
    expect(result.ok ? [] : result.errors.map((e) => e.problem)).toEqual(['not_text', 'too_long']);
  });
});
