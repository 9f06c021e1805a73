import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chainHash } from '../../../domain/ledger/chain-hash';

// docs/ledger-integrity.md's worked example (issue 40 §18): the service's code, the standalone
// verifier and the page give one chain hash for one record.
const root = path.resolve(__dirname, '..', '..', '..');
const OWNER = '6f1c2b1e-4a53-4a8e-9c55-0d7f3c2a9b10';
const RECORD = {
  seq: 1,
  record_type: 'INVOICE_ISSUED',
  record_id: '0b9d7c4e-2f1a-4c3b-8e6d-5a4b3c2d1e0f',
  recorded_at: '2026-11-27T09:00:00.123456Z',
  content_hash: 'a'.repeat(64),
  previous_hash: '0'.repeat(64),
};
const DOCUMENTED = '7d31067e6ccb0ac8898cc6eabba97945ffb9d5e881a6dc6ebdb80685aeff3720';

describe("the chain hash's recipe", () => {
  it('is the one the docs work through, in the service and in scripts/verify-ledger-chain.mjs', () => {
    const service = chainHash(OWNER, {
      seq: RECORD.seq,
      recordType: 'INVOICE_ISSUED',
      recordId: RECORD.record_id,
      recordedAt: RECORD.recorded_at,
      contentHash: RECORD.content_hash,
      previousHash: RECORD.previous_hash,
    });
    const script = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { chainHashOf } from ${JSON.stringify(path.join(root, 'scripts', 'verify-ledger-chain.mjs'))};
         process.stdout.write(chainHashOf(${JSON.stringify(OWNER)}, ${JSON.stringify(RECORD)}));`,
      ],
      { encoding: 'utf8' },
    );
    const docs = fs.readFileSync(path.join(root, 'docs', 'ledger-integrity.md'), 'utf8');
    expect({ service, script }).toEqual({ service: DOCUMENTED, script: DOCUMENTED });
    expect(docs).toContain(DOCUMENTED);
  });
});
