import fc from 'fast-check';
import { chainHash, nextRecord } from '../../../domain/ledger/chain-hash';
import { canonicalJson } from '../../../domain/ledger/canonical-json';
import { contentHash, type LedgerSource } from '../../../domain/ledger/record-content';
import { GENESIS_HASH, type LedgerRecord } from '../../../domain/ledger/record-types';
import { verifyChain } from '../../../domain/ledger/verify-chain';
import { chainOf, changedAt, ledgerSources, lookup, OWNER, scalarPaths } from './ledger-fixtures';

describe('canonicalJson', () => {
  it('sorts keys at every depth, keeps array order, and writes undefined as null', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 'x', c: undefined }], e: true })).toBe(
      '{"a":[{"c":null,"d":"x"}],"b":1,"e":true}',
    );
  });

  it('gives the same text for the same value built in any key order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        const reversed = Object.fromEntries(Object.entries(value).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(value));
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('refuses what has no JSON form', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow(RangeError);
    expect(() => canonicalJson(() => 1)).toThrow(TypeError);
  });
});

describe('the chain', () => {
  it('starts from 64 zeros and links each record to the one before', () => {
    const [source] = fc.sample(ledgerSources(1), { numRuns: 1, seed: 7 })[0];
    const first = nextRecord(OWNER, null, source, '2026-11-27T09:00:00.000000Z');
    expect(first).toMatchObject({ seq: 1, previousHash: GENESIS_HASH, contentHash: contentHash(source) });
    expect(first.chainHash).toMatch(/^[0-9a-f]{64}$/);
    const second = nextRecord(OWNER, { seq: 1, hash: first.chainHash }, source, '2026-11-27T09:00:01.000000Z');
    expect(second).toMatchObject({ seq: 2, previousHash: first.chainHash });
    // The studio is part of the hash: the same record in another studio's chain is another record.
    expect(chainHash('22222222-2222-4222-8222-222222222222', first)).not.toBe(first.chainHash);
  });

  it('an untouched chain verifies', () => {
    fc.assert(
      fc.property(ledgerSources(), (sources) => {
        expect(verifyChain(OWNER, chainOf(sources), lookup(sources))).toBeNull();
      }),
    );
  });

  it('any single change to any field of any source row is named content_changed at its seq', () => {
    fc.assert(
      fc.property(ledgerSources(), fc.nat(), fc.nat(), (sources, pick, pickField) => {
        const records = chainOf(sources);
        const i = pick % sources.length;
        const paths = scalarPaths(sources[i].row).filter((p) => !(p.length === 1 && p[0] === 'id'));
        const path = paths[pickField % paths.length];
        const tampered = sources.map((s, j) => (j === i ? { ...s, row: changedAt(s.row, path) } : s)) as LedgerSource[];
        expect(verifyChain(OWNER, records, lookup(tampered))).toMatchObject({
          seq: i + 1,
          recordType: records[i].recordType,
          recordId: sources[i].row.id,
          reason: 'content_changed',
        });
      }),
    );
  });

  it('a source row deleted is named missing_record at its seq', () => {
    fc.assert(
      fc.property(ledgerSources(), fc.nat(), (sources, pick) => {
        const i = pick % sources.length;
        const records = chainOf(sources);
        expect(verifyChain(OWNER, records, lookup(sources.filter((_, j) => j !== i)))).toMatchObject({
          seq: i + 1,
          recordId: sources[i].row.id,
          reason: 'missing_record',
        });
      }),
    );
  });

  it('a record deleted from the chain is named at its seq: missing_record, or chain_broken when the rest was renumbered', () => {
    fc.assert(
      fc.property(
        ledgerSources().filter((s) => s.length >= 2),
        fc.nat(),
        (sources, pick) => {
          const records = chainOf(sources);
          const i = pick % (records.length - 1); // the last one removed is a shorter chain: the closures' job
          const gap = records.filter((_, j) => j !== i);
          expect(verifyChain(OWNER, gap, lookup(sources))).toMatchObject({
            seq: i + 1,
            reason: 'missing_record',
            recordId: null,
          });
          const renumbered = gap.map((r, j) => (j >= i ? { ...r, seq: j + 1 } : r));
          expect(verifyChain(OWNER, renumbered, lookup(sources))).toMatchObject({ seq: i + 1, reason: 'chain_broken' });
        },
      ),
    );
  });

  it('two records swapped are named chain_broken at the first of them', () => {
    fc.assert(
      fc.property(
        ledgerSources().filter((s) => s.length >= 2),
        fc.nat(),
        (sources, pick) => {
          const records = chainOf(sources);
          const i = pick % (records.length - 1);
          const swapped = [...records];
          [swapped[i], swapped[i + 1]] = [
            { ...records[i + 1], seq: i + 1 },
            { ...records[i], seq: i + 2 },
          ];
          expect(verifyChain(OWNER, swapped, lookup(sources))).toMatchObject({ seq: i + 1, reason: 'chain_broken' });
        },
      ),
    );
  });

  it('a record inserted in the middle, even with well-computed hashes, is named chain_broken at the record after it', () => {
    fc.assert(
      fc.property(
        ledgerSources().filter((s) => s.length >= 2),
        fc.nat(),
        (sources, pick) => {
          const records = chainOf(sources);
          const i = 1 + (pick % (records.length - 1)); // inserted before records[i]
          const forged = sources[0]; // a copy of a real source row, or any other
          const before = records[i - 1];
          const inserted = nextRecord(OWNER, { seq: before.seq, hash: before.chainHash }, forged, before.recordedAt);
          const chain = [...records.slice(0, i), inserted, ...records.slice(i).map((r) => ({ ...r, seq: r.seq + 1 }))];
          const found = verifyChain(OWNER, chain, lookup(sources));
          expect(found).toMatchObject({ seq: i + 2, reason: 'chain_broken' });
        },
      ),
    );
  });

  it("a record's stored hash rewritten to match changed content breaks the chain there, or at the next record once its chain hash is recomputed", () => {
    fc.assert(
      fc.property(
        ledgerSources().filter((s) => s.length >= 2),
        fc.nat(),
        (sources, pick) => {
          const records = chainOf(sources);
          const i = pick % (records.length - 1);
          const tampered = sources.map((s, j) =>
            j === i ? { ...s, row: { ...s.row, amount: s.row.amount === '0.01' ? '0.02' : '0.01' } } : s,
          ) as LedgerSource[];
          const rehashed = { ...records[i], contentHash: contentHash(tampered[i]) };
          const onlyContent = records.map((r, j) => (j === i ? rehashed : r));
          expect(verifyChain(OWNER, onlyContent, lookup(tampered))).toMatchObject({
            seq: i + 1,
            reason: 'chain_broken',
          });
          const relinked = { ...rehashed, chainHash: chainHash(OWNER, rehashed) };
          const withChain = records.map((r, j) => (j === i ? relinked : r));
          expect(verifyChain(OWNER, withChain, lookup(tampered))).toMatchObject({ seq: i + 2, reason: 'chain_broken' });
        },
      ),
    );
  });

  it('any change to a stored record field is detected at that seq', () => {
    const fields: (keyof LedgerRecord)[] = [
      'recordType',
      'recordId',
      'recordedAt',
      'contentHash',
      'previousHash',
      'chainHash',
    ];
    fc.assert(
      fc.property(ledgerSources(), fc.nat(), fc.constantFrom(...fields), (sources, pick, field) => {
        const records = chainOf(sources);
        const i = pick % records.length;
        const value = records[i][field] as string;
        const changed =
          field === 'recordType'
            ? value === 'PAYMENT'
              ? 'REFUND'
              : 'PAYMENT'
            : `${value.slice(0, -1)}${value.endsWith('0') ? '1' : '0'}`;
        const tampered = records.map((r, j) => (j === i ? { ...r, [field]: changed } : r));
        expect(verifyChain(OWNER, tampered, lookup(sources))?.seq).toBe(i + 1);
      }),
    );
  });

  it('names a source row that is not in the chain, once the chain itself holds', () => {
    fc.assert(
      fc.property(
        ledgerSources().filter((s) => s.length >= 2),
        (sources) => {
          const records = chainOf(sources.slice(0, -1));
          const last = sources.at(-1)!;
          expect(
            verifyChain(OWNER, records, lookup(sources), [
              { recordType: records[0].recordType, recordId: last.row.id, number: null },
            ]),
          ).toMatchObject({ seq: null, reason: 'unchained_record', recordId: last.row.id });
        },
      ),
    );
  });
});
