// The client's portal pages through HTTP and in headless Chromium (issue 31 §1–§3): the quote
// email's link opens a page with one button (a mail scanner's fetch spends nothing), the button
// signs the client in with an HttpOnly cookie and opens the quote; the client signs there, follows
// the deposit invoice and finds the pay buttons, at phone and desktop width, without a page error
// or a sideways scroll; another client's documents and a visit without the cookie are refused.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { binaryBody } from '../../helpers/downloads';
import { buildBillableContact } from '../../factories/contacts';
import { saveStudioProfile } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { mailsTo } from '../../helpers/mail';
import { portalTokenIn } from '../../helpers/portal-links';
import { sqlOn } from '../../helpers/sql';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { repoRoot, testStackDir } from '../../setup/paths';

const execFileAsync = promisify(execFile);

let t: TestApp;
let studio: TestUser;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  studio = await buildUser(t.app);
  await saveStudioProfile(t.app, studio);
  worker = await startMainWorker('portal-pages');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

const sql = sqlOn(() => t.sequelize);
const lines = [{ item_type: 'SESSION_TYPE', description: 'Mariage', price_without_tax: '1500.00', vat_percentage: 20 }];
const schedule = [
  { percentage: 30, due: { type: 'on_booking' } },
  { percentage: 70, due: { type: 'fixed', date: '2030-06-01' } },
];

/** A quote with a schedule sent to a new client: the portal link the email carries. */
async function mailedQuote(locale: 'fr-FR' | 'en-GB' = 'fr-FR') {
  const contact = await buildBillableContact(t.app, studio, { locale });
  const quote = await buildQuote(t.app, studio, {
    title: 'Mariage Dubois',
    contact_id: contact.id,
    items: lines,
    payment_schedule: schedule,
  });
  await request(t.app).post(`/api/quotes/${quote.id}/send-email`).set(as(studio)).send({}).expect(202);
  const mail = await eventually('the quote email', async () => (await mailsTo(contact.email as string))[0]);
  // The email goes out just before the send is recorded (the quote SENT): wait for the record too.
  await eventually('the quote recorded as sent', async () => {
    const [row] = await sql<{ status: string }>('SELECT status FROM quotes WHERE id = $1', [quote.id]);
    return row?.status === 'SENT';
  });
  return { quote, contact, token: portalTokenIn(mail)! };
}

const cookieOf = (res: request.Response) => (res.get('Set-Cookie') ?? []).find((c) => c.startsWith('studio_client='))!;

describe('the client portal pages', () => {
  it('opens the quote from the email link with one press, keeps the visit in an HttpOnly cookie, and signs through the form', async () => {
    const { quote, token } = await mailedQuote();
    // A mail scanner fetching the link sees one button and spends nothing.
    const opened = await request(t.app).get(`/portal/open/${token}`).expect(200);
    expect(opened.text).toContain(`action="/portal/open/${token}"`);
    expect(opened.get('Set-Cookie')).toBeUndefined();
    // A form posted from another site is refused.
    await request(t.app).post(`/portal/open/${token}`).set('Origin', 'https://evil.example').expect(403);

    const pressed = await request(t.app).post(`/portal/open/${token}`).expect(303);
    expect(pressed.get('Location')).toBe(`/portal/quotes/${quote.id}`);
    const cookie = cookieOf(pressed);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/portal/);
    // The link is spent: pressed again, it says so in the client's language.
    const again = await request(t.app).post(`/portal/open/${token}`).expect(410);
    expect(again.text).toContain('Lien déjà utilisé');

    const page = await request(t.app).get(`/portal/quotes/${quote.id}`).set('Cookie', cookie).expect(200);
    expect(page.text).toContain('id="sign-form"');
    expect(page.text).toContain('Studio Lumière SARL');
    expect(page.text).toMatch(/1\s800,00/);
    const version = /name="version" value="([^"]+)"/.exec(page.text)![1];

    // Without consent the page says so (400) and the quote is untouched.
    const refused = await request(t.app)
      .post(`/portal/quotes/${quote.id}/sign`)
      .set('Cookie', cookie)
      .type('form')
      .send({ signer_name: 'Chloé Dubois', version })
      .expect(400);
    expect(refused.text).toContain('Cochez la case d’accord pour signer.');
    const signed = await request(t.app)
      .post(`/portal/quotes/${quote.id}/sign`)
      .set('Cookie', cookie)
      .set('User-Agent', 'portal-pages-test')
      .type('form')
      .send({ signer_name: 'Chloé Dubois', consent: 'true', version })
      .expect(303);
    const location = signed.get('Location')!;
    expect(location).toMatch(new RegExp(`^/portal/quotes/${quote.id}\\?signed=1&deposit=[0-9a-f-]{36}$`));
    const [row] = await sql<{ status: string; signer_name: string; user_agent: string }>(
      'SELECT q.status, s.signer_name, s.user_agent FROM quotes q JOIN quote_signatures s ON s.quote_id = q.id WHERE q.id = $1',
      [quote.id],
    );
    expect(row).toEqual({ status: 'ACCEPTED', signer_name: 'Chloé Dubois', user_agent: 'portal-pages-test' });

    const after = await request(t.app).get(location).set('Cookie', cookie).expect(200);
    expect(after.text).toContain('Vous avez signé ce devis');
    expect(after.text).not.toContain('id="sign-form"');
    const depositId = /deposit=([0-9a-f-]{36})/.exec(location)![1];
    const invoicePage = await request(t.app).get(`/portal/invoices/${depositId}`).set('Cookie', cookie).expect(200);
    expect(invoicePage.text).toContain('data-action="pay-card"');
    expect(invoicePage.text).toMatch(/540,00/);
    // The invoice page lets the pay form lead to the provider's https page.
    expect(invoicePage.get('Content-Security-Policy')).toContain("form-action 'self' https:");

    const home = await request(t.app).get('/portal/home').set('Cookie', cookie).expect(200);
    expect(home.text).toContain(`/portal/quotes/${quote.id}`);
    expect(home.text).toContain(`/portal/invoices/${depositId}`);
    // "Download all my data": the zip of the API's data export, the signed quote among its pdfs.
    const data = await request(t.app)
      .get('/portal/data-export')
      .set('Cookie', cookie)
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect(data.get('Content-Type')).toBe('application/zip');
    expect((data.body as Buffer).includes(Buffer.from('signatures.json'))).toBe(true);
    expect((data.body as Buffer).includes(Buffer.from('pdfs/signed-quotes/'))).toBe(true);

    // Another client of the studio: this quote and invoice are not found; no cookie: the visit has ended.
    const other = await mailedQuote('en-GB');
    const otherCookie = cookieOf(await request(t.app).post(`/portal/open/${other.token}`).expect(303));
    const notTheirs = await request(t.app).get(`/portal/quotes/${quote.id}`).set('Cookie', otherCookie).expect(404);
    expect(notTheirs.text).toContain('This document cannot be found');
    await request(t.app).get(`/portal/invoices/${depositId}`).set('Cookie', otherCookie).expect(404);
    await request(t.app).get('/portal/home').expect(401);
    await request(t.app).get(`/portal/quotes/not-a-uuid`).set('Cookie', cookie).expect(404);
  });

  it('works in headless Chromium at phone and desktop width: sign form, signature, deposit, pay buttons; no page error, no sideways scroll', async () => {
    const { quote, token } = await mailedQuote();
    const server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const screenshot = path.join(testStackDir, `portal-documents-${quote.id}`);
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/portal/open/${token}`;
      const { stdout } = await execFileAsync(
        path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
        [
          path.join(repoRoot, 'test/helpers/document-portal-browser.ts'),
          JSON.stringify({
            url,
            chromiumPath: t.config.CHROMIUM_PATH,
            answers: { signer_name: 'Chloé Dubois' },
            screenshot,
          }),
        ],
        { cwd: repoRoot, timeout: 90_000 },
      );
      const seen = JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown> & {
        widths: Record<string, number>;
        errors: string[];
      };
      expect(seen).toMatchObject({
        signForm: true,
        consent: true,
        nameInput: true,
        declineForm: true,
        payCard: true,
        payWallet: true,
      });
      expect(seen.signedStatus).toContain('Vous avez signé ce devis');
      expect(seen.errors).toEqual([]);
      expect(seen.widths['quote-phone']).toBeLessThanOrEqual(390);
      expect(seen.widths['signed-phone']).toBeLessThanOrEqual(390);
      expect(seen.widths['invoice-phone']).toBeLessThanOrEqual(390);
      expect(seen.widths['invoice-desktop']).toBeLessThanOrEqual(1280);
      // Pay by card sends the browser to the card provider's hosted checkout page.
      expect(seen.checkoutUrl).toMatch(/^https:\/\//);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    for (const name of ['quote-phone', 'signed-phone', 'invoice-phone', 'invoice-desktop'])
      expect(fs.statSync(`${screenshot}-${name}.png`).size).toBeGreaterThan(5_000);
    if (process.env.UPDATE_DOC_SCREENSHOTS === '1')
      for (const name of ['quote-phone', 'invoice-phone'])
        fs.copyFileSync(
          `${screenshot}-${name}.png`,
          path.join(repoRoot, 'docs', 'images', `client-portal-${name}.png`),
        );
  }, 150_000);
});
