import fc from 'fast-check';
import { EVERY_CLIENT, type Outage, readOutageRequest, refuseCall } from '../../../scripts/stack/pa-simulator-outages';

const start = Date.UTC(2026, 10, 27, 12);

describe("the PA simulator's outages", () => {
  it("an account's outage of N calls refuses exactly its next N calls and never another account's", () => {
    fc.assert(
      fc.property(
        fc.nat(10),
        fc.array(fc.constantFrom('studio-a', 'studio-b', undefined), { maxLength: 40 }),
        (calls, callers) => {
          const outages = new Map<string, Outage>();
          const asked = readOutageRequest({ client_id: 'studio-a', calls }, start);
          if ('error' in asked) throw new Error(asked.error);
          outages.set(asked.key, asked.outage);
          const refused = callers.map((caller) => refuseCall(outages, caller, start));
          const ofA = refused.filter((_, i) => callers[i] === 'studio-a');
          expect(ofA).toEqual(ofA.map((_, i) => i < calls));
          expect(refused.filter((r, i) => r && callers[i] !== 'studio-a')).toEqual([]);
          expect(outages.get('studio-a')?.refused).toBe(Math.min(calls, ofA.length));
        },
      ),
    );
  });

  it('an outage of the whole platform refuses every caller until it ends, and an ended one none', () => {
    const outages = new Map<string, Outage>();
    const asked = readOutageRequest({ seconds: 30 }, start);
    if ('error' in asked) throw new Error(asked.error);
    expect(asked.key).toBe(EVERY_CLIENT);
    outages.set(asked.key, asked.outage);
    expect([refuseCall(outages, 'studio-a', start + 29_999), refuseCall(outages, undefined, start)]).toEqual([
      true,
      true,
    ]);
    expect(refuseCall(outages, 'studio-a', start + 30_000)).toBe(false);
  });

  it('refuses a malformed request with its reason', () => {
    expect(readOutageRequest({ calls: -1 }, start)).toEqual({ error: expect.stringContaining('calls') });
    expect(readOutageRequest({ calls: 1.5 }, start)).toEqual({ error: expect.stringContaining('calls') });
    expect(readOutageRequest({ seconds: 'soon' }, start)).toEqual({ error: expect.stringContaining('seconds') });
    expect(readOutageRequest({ client_id: '' }, start)).toEqual({ error: expect.stringContaining('client_id') });
  });
});
