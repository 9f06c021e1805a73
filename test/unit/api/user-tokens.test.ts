import fc from 'fast-check';
import { createTokenService } from '../../../api/auth/tokens';
import { verifiedTokens } from '../../../api/auth/verified-tokens';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';

describe("a studio user's access token", () => {
  afterEach(() => jest.useRealTimers());

  it('is accepted until it expires, and refused from then on even though it was accepted before', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-29T10:00:00.000Z'), doNotFake: ['nextTick', 'setImmediate'] });
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.issueUserToken('user-1');
    expect(await tokens.verifyUserToken(token)).toBe('user-1');
    jest.setSystemTime(new Date('2026-11-29T10:00:59.999Z'));
    expect(await tokens.verifyUserToken(token)).toBe('user-1');
    jest.setSystemTime(new Date('2026-11-29T10:01:00.000Z'));
    expect(await tokens.verifyUserToken(token)).toBeUndefined();
  });

  it('is refused when forged or signed with another secret, whatever was accepted before', async () => {
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.issueUserToken('user-1');
    expect(await tokens.verifyUserToken(token)).toBe('user-1');
    const [header, payload, signature] = token.split('.');
    const otherSubject = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'user-2' }),
    ).toString('base64url');
    expect(await tokens.verifyUserToken(`${header}.${otherSubject}.${signature}`)).toBeUndefined();
    const elsewhere = await createTokenService(`${SECRET}-other`, 60).issueUserToken('user-1');
    expect(await tokens.verifyUserToken(elsewhere)).toBeUndefined();
  });
});

describe('the tokens a process has verified', () => {
  it('answer only what was remembered for that token, before its expiry, among the last ones remembered', () => {
    const capacity = 4;
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('remember' as const),
        token: fc.nat(7),
        value: fc.nat(),
        ttl: fc.integer({ min: 1, max: 50 }),
      }),
      fc.record({ kind: fc.constant('get' as const), token: fc.nat(7) }),
      fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 30 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const kept = verifiedTokens<number>(capacity);
        // The model: each token's last remembering, in the order they were made.
        let remembered: { token: string; value: number; expiresAt: number }[] = [];
        let now = 0;
        for (const s of steps) {
          if (s.kind === 'wait') now += s.ms;
          else if (s.kind === 'remember') {
            const token = `t${s.token}`;
            remembered = [
              ...remembered.filter((r) => r.token !== token),
              { token, value: s.value, expiresAt: now + s.ttl },
            ];
            kept.remember(token, s.value, now + s.ttl);
          } else {
            const token = `t${s.token}`;
            const last = remembered.find((r) => r.token === token);
            const answer = kept.get(token, now);
            if (!last || now >= last.expiresAt) expect(answer).toBeUndefined();
            else {
              // Among the last `capacity` remembered, it is answered; older ones may be forgotten.
              const recent = remembered.slice(-capacity).some((r) => r.token === token);
              if (recent) expect(answer).toBe(last.value);
              else expect([undefined, last.value]).toContain(answer);
            }
            if (answer === undefined && last) remembered = remembered.filter((r) => r.token !== token);
          }
        }
      }),
    );
  });
});
