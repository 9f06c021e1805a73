// Documents that say what the data says: every demo quote and invoice is stored with the amounts
// the totals module computes from its lines, and its pdf shows that amount; the roadmap of a
// French studio reads in French, in Paris time, under the studio's name.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { DEMO_EMAIL, DEMO_INVOICES, DEMO_PASSWORD, DEMO_QUOTES } from '../../../db/seed/demo-data';
import { centsToDecimal } from '../../../domain/invoicing/money';
import { computeTotals, type LineInput } from '../../../domain/invoicing/totals';
import { within } from '../../helpers/stack-launcher';
import { buildSession } from '../../factories/sessions';
import { buildUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { repoRoot, testStackDir } from '../../setup/paths';
import { as } from '../../helpers/auth';
import { download } from '../../helpers/downloads';
import { pdfTextAt } from '../../helpers/pdf-text';

/** A 1 × 1 png, the smallest logo a studio could upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
let worker: WorkerProcess;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  worker = await startMainWorker('documents');
  // The demo is idempotent: whichever test file ran it first, this finds the same studio.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts', 'demo.ts')], {
    cwd: repoRoot,
    env: process.env,
    stdio: 'ignore',
  });
  expect(await within('the demo script', new Promise((resolve) => child.once('exit', resolve)), 60_000)).toBe(0);
  token = (
    await request(t.app).post('/api/auth/login').send({ email: DEMO_EMAIL, password: DEMO_PASSWORD }).expect(200)
  ).body.accessToken;
}, 300_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

interface StoredDocument {
  id: string;
  title: string;
  amount: string;
  contact_id: string | null;
  items: (LineInput & { total: string })[];
}

// Intl writes French thousands with a narrow no-break space: read them as plain spaces. The pdf is
// kept beside the stack as `name`.pdf, to look at after a run.
const kept = (name: string) => ({ plainSpaces: true, keepAs: path.join(testStackDir, `${name}.pdf`) });
const euros = (amount: string, locale: 'fr-FR' | 'en-US' = 'fr-FR') =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' })
    .format(Number(amount))
    .replace(/[\u202f\u00a0]/g, ' ');
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('demo documents', () => {
  it.each([
    ['quotes', DEMO_QUOTES.length],
    ['invoices', DEMO_INVOICES.length],
  ])(
    'every one of the %s is stored with the totals its lines make, and its pdf shows that amount',
    async (plural, count) => {
      const list = await request(t.app).get(`/api/${plural}`).query({ limit: 100 }).set(as({ token })).expect(200);
      const documents = list.body.items as StoredDocument[];
      expect(documents).toHaveLength(count);
      for (const document of documents) {
        const totals = computeTotals(document.items);
        expect([document.title, document.amount]).toEqual([document.title, centsToDecimal(totals.totalWithTaxCents)]);
        expect(document.items.map((i) => i.total)).toEqual(totals.lines.map((l) => centsToDecimal(l.totalCents)));
        const link = await request(t.app).get(`/api/${plural}/${document.id}/pdf`).set(as({ token })).expect(200);
        const text = await pdfTextAt(link.body.url, kept(`${plural}-${document.id}`));
        // In the language of the client it is for: the demo's American contacts read English.
        const reader = document.contact_id
          ? ((await request(t.app).get(`/api/contacts/${document.contact_id}`).set(as({ token })).expect(200)).body
              .locale as 'en-US' | null)
          : null;
        const total = reader === 'en-US' ? 'Total incl\\. tax' : 'Total TTC';
        expect(text).toMatch(new RegExp(`${total}\\s+${escapeRegExp(euros(document.amount, reader ?? 'fr-FR'))}`));
      }
    },
  );

  it('shows the priced "Portrait retouché" line of the Garnier invoice and its total of 1 278,00 €', async () => {
    const list = await request(t.app).get('/api/invoices').query({ limit: 100 }).set(as({ token })).expect(200);
    const garnier = (list.body.items as StoredDocument[]).find((d) => d.title.includes('Garnier'))!;
    expect(garnier.amount).toBe('1278.00');
    const link = await request(t.app).get(`/api/invoices/${garnier.id}/pdf`).set(as({ token })).expect(200);
    const text = await pdfTextAt(link.body.url, kept(`garnier-${garnier.id}`));
    expect(text).toMatch(/Portrait retouché\s+12\s/);
    expect(text).toMatch(/Total TTC\s+1 278,00 €/);
  });
});

describe('the roadmap', () => {
  it("reads in the French studio's language and Paris time, under its name", async () => {
    const sessions = await request(t.app).get('/api/sessions').query({ limit: 100 }).set(as({ token })).expect(200);
    const session = (sessions.body.items as { id: string; start_date: string | null; location: string | null }[]).find(
      (s) => s.start_date && s.location,
    )!;
    const link = await request(t.app).get(`/api/sessions/${session.id}/roadmap`).set(as({ token })).expect(200);
    const text = await pdfTextAt(link.body.url, kept(`roadmap-demo-${session.id}`));
    const start = new Intl.DateTimeFormat('fr-FR', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: 'Europe/Paris',
    }).format(new Date(session.start_date!));
    expect(text).toContain('Studio Lumière SARL');
    expect(text).toMatch(/Début\s+/);
    expect(text).toMatch(/Lieu\s+/);
    expect(text.replace(/\s+/g, ' ')).toContain(start.replace(/[\u202f\u00a0]/g, ' '));
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(text).not.toMatch(/\bStart\b|\bLocation\b/);
  });

  it("carries the studio's logo once it has one", async () => {
    const studio = await buildUser(t.app);
    const session = await buildSession(t.app, studio, { title: 'Portrait Inès', start_date: '2026-12-28T15:00:00Z' });
    const imagesIn = async (name: string) => {
      const link = await request(t.app).get(`/api/sessions/${session.id}/roadmap`).set(as(studio)).expect(200);
      const file = path.join(testStackDir, `${name}.pdf`);
      fs.writeFileSync(file, await download(link.body.url));
      // pdfimages -list: two header lines, then one line per image (a png's alpha is a second, "smask").
      const rows = execFileSync('pdfimages', ['-list', file]).toString('utf8').trim().split('\n').slice(2);
      return rows.filter((row) => row.trim().split(/\s+/)[2] === 'image').length;
    };
    expect(await imagesIn(`roadmap-nologo-${session.id}`)).toBe(0);
    await request(t.app)
      .put('/api/users/me/logo')
      .set(as(studio))
      .attach('file', PNG, { filename: 'logo.png', contentType: 'image/png' })
      .expect(200);
    expect(await imagesIn(`roadmap-logo-${session.id}`)).toBe(1);
  });
});
