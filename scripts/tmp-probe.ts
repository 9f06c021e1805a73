import http from 'node:http';
import fs from 'node:fs';
import { execSync } from 'node:child_process';
const base = 'http://127.0.0.1:3000';
const apiPid = execSync("pgrep -f '[l]oader.mjs /work/main/api/main.ts'").toString().trim();
const cpu = () => { const f = fs.readFileSync(`/proc/${apiPid}/stat`, 'utf8'); const x = f.slice(f.lastIndexOf(')') + 2).split(' '); return (Number(x[11]) + Number(x[12])) * 10; };
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
const get = (path: string, headers: Record<string, string>) => new Promise<number>((res, rej) => { http.get(base + path, { agent, headers }, (r) => { r.resume(); r.on('end', () => res(r.statusCode ?? 0)); }).on('error', rej); });
async function run(path: string, headers: Record<string, string>, n: number, c: number) {
  let i = 0; const c0 = cpu(); const t0 = performance.now();
  await Promise.all(Array.from({ length: c }, async () => { while (i++ < n) { const s = await get(path, headers); if (s !== 200) throw new Error(path + ' ' + s); } }));
  const ms = performance.now() - t0;
  console.log(path.padEnd(28), 'c=' + c, 'req/s', (n / ms * 1000).toFixed(0), 'api cpu ms/req', ((cpu() - c0) / n).toFixed(3));
}
async function main() {
  const login = await fetch(base + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@studio.local', password: 'demo-studio-2026' }) });
  const token = ((await login.json()) as { accessToken: string }).accessToken;
  const h = { authorization: `Bearer ${token}` };
  for (const c of [16, 1]) for (const p of ['/health', '/api/auth/me', '/api/contacts?limit=1', '/api/contacts?limit=50']) { await run(p, h, 300, c); await run(p, h, 2000, c); }
  agent.destroy();
}
void main();
