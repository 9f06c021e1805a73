import fc from 'fast-check';
import {
  decliningRefusal,
  quoteVersion,
  type SignableQuote,
  signerNameOf,
  signingRefusal,
} from '../../../domain/client-portal/quote-signing';
import { QUOTE_STATUSES } from '../../../domain/invoicing/statuses';

const day = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const quote = fc.record<SignableQuote>({
  status: fc.constantFrom(...QUOTE_STATUSES),
  valid_until: fc.option(day, { nil: null }),
  signed_at: fc.option(fc.date({ noInvalidDate: true }), { nil: null }),
  declined_at: fc.option(fc.date({ noInvalidDate: true }), { nil: null }),
  updated_at: fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
});

describe('who may sign a quote, and when', () => {
  it('signs only a sent, unanswered quote, on or before its last day, in the version read', () => {
    fc.assert(
      fc.property(quote, day, fc.boolean(), (q, today, sameVersion) => {
        const read = sameVersion ? quoteVersion(q) : new Date(q.updated_at.getTime() - 1).toISOString();
        const refusal = signingRefusal(q, read, today);
        const signable =
          q.status === 'SENT' &&
          !q.signed_at &&
          !q.declined_at &&
          (q.valid_until === null || q.valid_until >= today) &&
          sameVersion;
        expect(refusal === null).toBe(signable);
      }),
    );
  });

  it('says the first reason that applies: signed, then declined, accepted, not sent, expired, changed', () => {
    const base: SignableQuote = {
      status: 'SENT',
      valid_until: '2026-12-01',
      signed_at: null,
      declined_at: null,
      updated_at: new Date('2026-11-20T10:00:00.123Z'),
    };
    const v = quoteVersion(base);
    expect(signingRefusal(base, v, '2026-12-01')).toBeNull();
    expect(signingRefusal(base, v, '2026-12-02')?.code).toBe('quote_expired');
    expect(signingRefusal(base, '2026-11-20T10:00:00.122Z', '2026-11-21')?.code).toBe('quote_changed');
    expect(signingRefusal({ ...base, status: 'PENDING' }, v, '2026-11-21')?.code).toBe('quote_not_sent');
    expect(signingRefusal({ ...base, status: 'ACCEPTED' }, v, '2026-11-21')?.code).toBe('quote_accepted');
    expect(signingRefusal({ ...base, status: 'REJECTED' }, v, '2026-11-21')?.code).toBe('quote_declined');
    expect(signingRefusal({ ...base, signed_at: new Date(), status: 'ACCEPTED' }, v, '2030-01-01')?.code).toBe(
      'quote_signed',
    );
  });

  it('lets a client decline any sent quote not answered yet, even past its last day', () => {
    fc.assert(
      fc.property(quote, (q) => {
        const ok = q.status === 'SENT' && !q.signed_at && !q.declined_at;
        expect(decliningRefusal(q) === null).toBe(ok);
      }),
    );
  });
});

describe('the name typed as a signature', () => {
  it('keeps a name with its spaces collapsed, refuses empty, control and invisible characters', () => {
    expect(signerNameOf('  Chloé   Dubois ')).toBe('Chloé Dubois');
    expect(signerNameOf('Zoë\tO’Brien-Smith')).toBe('Zoë O’Brien-Smith');
    expect(signerNameOf('   ')).toBeNull();
    expect(signerNameOf('1234')).toBeNull();
    expect(signerNameOf('\u202eeuqsaM')).toBeNull();
    expect(signerNameOf('Ana\u0000Bel')).toBeNull();
    expect(signerNameOf('a'.repeat(201))).toBeNull();
  });

  it('is idempotent and never longer than 200 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 260 }), (typed) => {
        const name = signerNameOf(typed);
        if (name === null) return;
        expect(name.length).toBeLessThanOrEqual(200);
        expect(signerNameOf(name)).toBe(name);
        expect(name).toBe(name.trim());
      }),
    );
  });
});

describe("the refusals in the client's language (issue 40 §11)", () => {
  const quote = {
    status: 'SENT' as const,
    valid_until: '2026-11-25',
    signed_at: null,
    declined_at: null,
    updated_at: new Date('2026-11-20T10:00:00.123Z'),
  };
  it('words each refusal in French for fr-*, its date as the locale writes it, and in English otherwise', () => {
    const version = quote.updated_at.toISOString();
    expect(signingRefusal(quote, version, '2026-11-27', 'fr-FR')).toEqual({
      code: 'quote_expired',
      message: 'Ce devis était valable jusqu’au 25 novembre 2026\u00a0: demandez-en un nouveau au studio.',
    });
    expect(signingRefusal(quote, version, '2026-11-27', 'en-GB')?.message).toBe(
      'This quote was valid until 25 November 2026: ask the studio for a new one',
    );
    expect(signingRefusal(quote, 'older', '2026-11-21', 'fr-CA')?.message).toMatch(/^Le studio a modifié ce devis/);
    expect(decliningRefusal({ ...quote, status: 'REJECTED' }, 'fr-FR')?.message).toMatch(/^Ce devis a été refusé/);
  });
});
