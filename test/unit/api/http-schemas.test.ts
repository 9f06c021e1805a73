import { CreateContactBody } from '../../../api/contacts/schema';
import { escapeLike } from '../../../db/queries/escape-like';
import { PageQuery } from '../../../api/http/common-schemas';
import { CreateScheduledExportBody } from '../../../api/scheduled-exports/schema';
import { CreateSessionBody } from '../../../api/sessions/schema';
import { isAdmin } from '../../../api/auth/guards';

describe('contact schema', () => {
  it('trims text, turns blanks into null and lowercases email', () => {
    expect(CreateContactBody.parse({ first_name: ' Zoé ', last_name: '', email: ' Zoe@Mail.FR ' })).toEqual({
      first_name: 'Zoé',
      last_name: null,
      email: 'zoe@mail.fr',
    });
  });
  it('needs a first or a last name', () => {
    expect(CreateContactBody.safeParse({ email: 'a@b.fr' }).success).toBe(false);
    expect(CreateContactBody.safeParse({ last_name: 'Durand' }).success).toBe(true);
  });
});

describe('session schema', () => {
  it('accepts ISO dates with an offset or plain dates, and refuses an end before the start', () => {
    expect(
      CreateSessionBody.parse({ title: 'x', start_date: '2027-05-01T10:00:00+02:00' }).start_date?.toISOString(),
    ).toBe('2027-05-01T08:00:00.000Z');
    expect(CreateSessionBody.safeParse({ title: 'x', start_date: '01/05/2027' }).success).toBe(false);
    expect(CreateSessionBody.safeParse({ title: 'x', start_date: '2027-05-02', end_date: '2027-05-01' }).success).toBe(
      false,
    );
  });
});

describe('paging', () => {
  it('defaults to page 1 of 20 and caps the limit at 100', () => {
    expect(PageQuery.parse({})).toEqual({ page: 1, limit: 20 });
    expect(PageQuery.safeParse({ limit: '101' }).success).toBe(false);
  });
});

describe('helpers', () => {
  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
  it('treats ADMIN_EMAILS without regard to case', () => {
    expect(isAdmin({ email: 'Boss@Studio.fr' }, ['boss@studio.fr'])).toBe(true);
    expect(isAdmin({ email: 'someone@studio.fr' }, ['boss@studio.fr'])).toBe(false);
  });
});

describe('scheduled export schema', () => {
  it('refuses a date outside the years a Temporal calendar holds (found by schemathesis: a 503 before)', () => {
    const at = (scheduled_at: string) =>
      CreateScheduledExportBody.safeParse({ entity: 'contacts', format: 'csv', scheduled_at }).success;
    expect(at('2027-01-15T09:00:00+01:00')).toBe(true);
    expect(at('4656-02-26T21:26:26+05:22')).toBe(false);
    expect(at('1999-12-31T23:00:00Z')).toBe(false);
  });
});
