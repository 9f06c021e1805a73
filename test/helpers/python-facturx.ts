// Python's `factur-x` package (PyPI; Akretion's, the reference tool of the French Factur-X
// community), installed once per machine into a venv under ~/.cache/studio-service: it makes a
// supplier's Factur-X pdf with a different library than this project's, checking the XML against
// the Factur-X XSD as it embeds it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const VERSION = '7.8';
const venv = path.join(
  process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'),
  'studio-service',
  `factur-x-${VERSION}`,
);
const python = path.join(venv, 'bin', 'python');

function ensureFacturx(): void {
  if (fs.existsSync(python) && spawnsModule()) return;
  execFileSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' });
  execFileSync(path.join(venv, 'bin', 'pip'), ['install', '-q', `factur-x==${VERSION}`], {
    stdio: 'inherit',
    timeout: 300_000,
  });
}
function spawnsModule(): boolean {
  try {
    execFileSync(python, ['-c', 'import facturx'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** `pdf` with `xml` embedded as factur-x.xml by Python's factur-x (level EN 16931, XSD checked). */
export function makeFacturxWithPython(pdf: Buffer, xml: string): Buffer {
  ensureFacturx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facturx-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
    fs.writeFileSync(path.join(dir, 'in.xml'), xml);
    const script = [
      'import sys, facturx',
      'pdf = open(sys.argv[1], "rb").read()',
      'xml = open(sys.argv[2], "rb").read()',
      'out = facturx.generate_from_binary(pdf, xml, flavor="factur-x", level="en16931", check_xsd=True)',
      'open(sys.argv[3], "wb").write(out)',
    ].join('\n');
    execFileSync(
      python,
      ['-c', script, path.join(dir, 'in.pdf'), path.join(dir, 'in.xml'), path.join(dir, 'out.pdf')],
      { stdio: ['ignore', 'ignore', 'pipe'], timeout: 120_000 },
    );
    return fs.readFileSync(path.join(dir, 'out.pdf'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
