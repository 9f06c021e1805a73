// Lints in-memory examples with ESLint's Node API and the project's eslint.config.mjs, for
// test/unit/architecture/eslint-layers.test.ts. Run as its own process: ESLint loads the flat config with a
// dynamic import(), which jest's module sandbox refuses without --experimental-vm-modules.
// stdin: [{ code, filePath }] (filePath relative to the repo); stdout: one list of errors per example.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const examples = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.mjs') });
const out = [];
for (const { code, filePath } of examples) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  out.push(result.messages.filter((m) => m.severity === 2).map((m) => ({ ruleId: m.ruleId, message: m.message })));
}
process.stdout.write(JSON.stringify(out));
