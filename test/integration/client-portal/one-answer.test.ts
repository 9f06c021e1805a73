// Issue 40, "One fact, one answer from every side", against the real stack: what the client reads
// (the client-account API, the server-rendered portal pages, the data zip, the pdfs through
// pdftotext, the emails in MailDev) is what the studio reads, computed by the same function.
import crypto from 'node:crypto';
import request from 'supertest';
import { buildBillableContact } from '../../factories/contacts';
import { buildCreditNote } from '../../factories/credit-notes';
import { buildInvoice, saveStudioProfile } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildSession } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { clientPortalToken, type PortalClient } from '../../helpers/client-portal';
import { binaryBody, download } from '../../helpers/downloads';
import { mailsTo } from '../../helpers/mail';
import { pdfTextOf } from '../../helpers/pdf-text';
import { portalTokenIn } from '../../helpers/portal-links';
import { sqlOn } from '../../helpers/sql';
import { zipEntries } from '../../helpers/zip-entry';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';

let t: TestApp;
let studio: TestUser;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  studio = await buildUser(t.app);
  await saveStudioProfile(t.app, studio);
  worker = await startMainWorker('one-answer');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

const sql = sqlOn(() => t.sequelize);
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
/** A day on the studio's calendar (Paris), `offset` days from today: YYYY-MM-DD. */
const parisDay = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(Date.now() + offset * 86_400_000));
/** A day as a French reader reads it: "1 juin 2030". */
const frenchDay = (day: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
/** The portal visit of a signed-in client: its cookie holds the client token. */
const portal = (client: PortalClient, path: string) =>
  request(t.app).get(path).set('Cookie', `studio_client=${client.token}`);
const portalForm = (client: PortalClient, path: string, form: Record<string, string>) =>
  request(t.app).post(path).set('Cookie', `studio_client=${client.token}`).type('form').send(form);
/** A page's text as a reader sees it: tags dropped, entities and spaces as one space. */
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ');
/** The same with every kind of space as one plain space (amounts: "1 200,00 €"). */
const spaced = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');

/** A French client of the studio, signed in to the portal. */
async function frenchClient() {
  const contact = await buildBillableContact(t.app, studio, { locale: 'fr-FR' });
  return { contact, client: await clientPortalToken(t.app, t.sequelize, contact.id) };
}

const lines = [{ item_type: 'SESSION_TYPE', description: 'Mariage', price_without_tax: '1500.00', vat_percentage: 20 }];

describe("issue 40: the client reads the studio's answer", () => {
  it('§8 the client opens a credit note’s pdf, through the API and the portal’s link: the file the studio reads', async () => {
    const { contact, client } = await frenchClient();
    const invoice = await buildInvoice(t.app, studio, { contact_id: contact.id, issued: true });
    const note = await buildCreditNote(t.app, studio, { invoice_id: invoice.id, amount: '50.00' });

    const studioLink = await request(t.app).get(`/api/credit-notes/${note.id}/pdf`).set(as(studio)).expect(200);
    const studioFile = await download(studioLink.body.url as string);
    expect(sha256(studioFile)).toBe(studioLink.body.sha256);

    const clientLink = await request(t.app)
      .get(`/api/client-accounts/me/credit-notes/${note.id}/pdf`)
      .set(as(client))
      .expect(200);
    expect(clientLink.body.sha256).toBe(studioLink.body.sha256);
    expect(sha256(await download(clientLink.body.url as string))).toBe(studioLink.body.sha256);
    expect(pdfTextOf(studioFile)).toContain(note.number);

    // The portal's link (on the home page) leads to the same file.
    const home = await portal(client, '/portal/home').expect(200);
    expect(home.text).toContain(`href="/portal/credit-notes/${note.id}/pdf"`);
    const opened = await portal(client, `/portal/credit-notes/${note.id}/pdf`).expect(303);
    expect(sha256(await download(opened.get('Location')!))).toBe(studioLink.body.sha256);

    // Another client of the studio: not found.
    const other = await frenchClient();
    await request(t.app).get(`/api/client-accounts/me/credit-notes/${note.id}/pdf`).set(as(other.client)).expect(404);
    await portal(other.client, `/portal/credit-notes/${note.id}/pdf`).expect(404);
  }, 240_000);

  it('§9 a schedule that follows the session reads the same for the client (API, list, data zip) as for the studio, paid included', async () => {
    const { contact, client } = await frenchClient();
    const session = await buildSession(t.app, studio, {
      title: 'Mariage',
      contact_id: contact.id,
      start_date: '2030-06-20T14:00:00Z',
    });
    const schedule = [
      { percentage: 25, due: { type: 'on_booking' } },
      { percentage: 75, due: { type: 'before_start', days: 7 } },
    ];
    const invoice = await buildInvoice(t.app, studio, {
      contact_id: contact.id,
      session_id: session.id,
      price: '1000.00',
      payment_schedule: schedule,
      issued: true,
    });
    const quote = await buildQuote(t.app, studio, {
      contact_id: contact.id,
      session_id: session.id,
      items: lines,
      payment_schedule: schedule,
      status: 'SENT',
    });
    await request(t.app)
      .post(`/api/invoices/${invoice.id}/payments`)
      .set(as(studio))
      .send({ amount: '300.00', method: 'bank_transfer' })
      .expect(201);

    const studioInvoice = (await request(t.app).get(`/api/invoices/${invoice.id}`).set(as(studio)).expect(200)).body;
    expect(studioInvoice.payment_schedule).toMatchObject([
      { amount: '300.00', due_date: expect.any(String), paid: true },
      { amount: '900.00', due_date: '2030-06-13', follows_session: true, paid: false },
    ]);
    const clientInvoice = (
      await request(t.app).get(`/api/client-accounts/me/invoices/${invoice.id}`).set(as(client)).expect(200)
    ).body;
    expect(clientInvoice.payment_schedule).toEqual(studioInvoice.payment_schedule);
    const listed = (await request(t.app).get('/api/client-accounts/me/invoices').set(as(client)).expect(200)).body;
    expect(listed.find((i: { id: string }) => i.id === invoice.id).payment_schedule).toEqual(
      studioInvoice.payment_schedule,
    );

    const studioQuote = (await request(t.app).get(`/api/quotes/${quote.id}`).set(as(studio)).expect(200)).body;
    expect(studioQuote.payment_schedule).toMatchObject([
      { amount: '450.00' },
      { amount: '1350.00', due_date: '2030-06-13' },
    ]);
    const clientQuote = (
      await request(t.app).get(`/api/client-accounts/me/quotes/${quote.id}`).set(as(client)).expect(200)
    ).body;
    expect(clientQuote.payment_schedule).toEqual(studioQuote.payment_schedule);

    // The data download (the client's zip) says the same.
    const zip = await request(t.app)
      .get('/api/client-accounts/me/data-export')
      .set(as(client))
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    const entries = await zipEntries(zip.body as Buffer);
    const invoices = JSON.parse(entries.get('invoices.json')!.toString('utf8')) as {
      id: string;
      payment_schedule: unknown;
    }[];
    const quotes = JSON.parse(entries.get('quotes.json')!.toString('utf8')) as {
      id: string;
      payment_schedule: unknown;
    }[];
    expect(invoices.find((i) => i.id === invoice.id)!.payment_schedule).toEqual(studioInvoice.payment_schedule);
    expect(quotes.find((q) => q.id === quote.id)!.payment_schedule).toEqual(studioQuote.payment_schedule);
  }, 240_000);

  it('§10 the portal shows and offers the installment due (amount and day), and its checkout charges that amount', async () => {
    const { contact, client } = await frenchClient();
    // 1 000.00 + 20 % = 1 200.00: 300.00 now, 900.00 on 1 June 2030.
    const invoice = await buildInvoice(t.app, studio, {
      contact_id: contact.id,
      price: '1000.00',
      payment_schedule: [
        { percentage: 25, due: { type: 'on_booking' } },
        { percentage: 75, due: { type: 'fixed', date: '2030-06-01' } },
      ],
      issued: true,
    });
    const studioSide = (await request(t.app).get(`/api/invoices/${invoice.id}`).set(as(studio)).expect(200)).body;
    const [first, second] = studioSide.payment_schedule as { amount: string; due_date: string }[];
    expect(first.amount).toBe('300.00');

    const read = (
      await request(t.app).get(`/api/client-accounts/me/invoices/${invoice.id}`).set(as(client)).expect(200)
    ).body;
    expect(read).toMatchObject({
      balance_due: '1200.00',
      can_pay: true,
      payment_due: { installment: 1, amount: '300.00', due_date: first.due_date },
    });

    const page = await portal(client, `/portal/invoices/${invoice.id}`).expect(200);
    const text = spaced(visible(page.text));
    expect(text).toContain('Payer par carte · 300,00 €');
    expect(text).not.toContain('Payer par carte · 1 200,00 €');
    expect(text).toContain(`Échéance n° 1 à régler : 300,00 € · le ${frenchDay(first.due_date)}`);
    expect(spaced(visible(/data-fact="due">([^<]*)</.exec(page.text)![1]))).toBe(
      `Échéance : ${frenchDay(first.due_date)}`,
    );
    expect(page.text).toContain('name="installment" value="1"');

    // Pressing Pay by card opens a checkout for the installment: 300.00, not the balance.
    const pressed = await portalForm(client, `/portal/invoices/${invoice.id}/pay`, {
      method: 'card',
      installment: '1',
    }).expect(303);
    expect(pressed.get('Location')).toMatch(/^https:\/\//);
    const [row] = await sql<{ amount: string }>(
      'SELECT amount FROM cardprovider_payments WHERE invoice_id = $1 ORDER BY created_at DESC LIMIT 1',
      [invoice.id],
    );
    expect(row.amount).toBe('300.00');

    // The first installment paid (by transfer): the page offers the second, on its day.
    await request(t.app)
      .post(`/api/invoices/${invoice.id}/payments`)
      .set(as(studio))
      .send({ amount: '300.00', method: 'bank_transfer' })
      .expect(201);
    const next = spaced(visible((await portal(client, `/portal/invoices/${invoice.id}`).expect(200)).text));
    expect(next).toContain('Payer par carte · 900,00 €');
    expect(next).toContain(`Échéance : ${frenchDay(second.due_date)}`);
  }, 240_000);

  it('§11 a French client reads every refusal in French, its dates in French', async () => {
    const { contact, client } = await frenchClient();
    const expired = await buildQuote(t.app, studio, {
      contact_id: contact.id,
      items: lines,
      valid_until: parisDay(-2),
      status: 'SENT',
    });
    const sentence = `Ce devis était valable jusqu’au ${frenchDay(parisDay(-2))}\u00a0: demandez-en un nouveau au studio.`;
    const read = (await request(t.app).get(`/api/client-accounts/me/quotes/${expired.id}`).set(as(client)).expect(200))
      .body;
    expect(read.cannot_sign_reason).toEqual({ code: 'quote_expired', message: sentence });
    const page = await portal(client, `/portal/quotes/${expired.id}`).expect(200);
    expect(spaced(visible(page.text))).toContain(spaced(sentence));
    expect(page.text).not.toMatch(/valid until|\d{4}-\d{2}-\d{2}:/);

    // The signature form: no name typed, a quote changed since it was read.
    const valid = await buildQuote(t.app, studio, {
      contact_id: contact.id,
      items: lines,
      valid_until: parisDay(30),
      status: 'SENT',
    });
    const form = await portal(client, `/portal/quotes/${valid.id}`).expect(200);
    const version = /name="version" value="([^"]+)"/.exec(form.text)![1];
    const noName = await portalForm(client, `/portal/quotes/${valid.id}/sign`, {
      signer_name: ' ',
      consent: 'true',
      version,
    }).expect(400);
    expect(visible(noName.text)).toContain('Saisissez votre nom complet pour signer.');
    expect(noName.text).not.toContain('Type your full name');
    const apiNoName = await request(t.app)
      .post(`/api/client-accounts/me/quotes/${valid.id}/sign`)
      .set(as(client))
      .send({ signer_name: ' ', consent: true, version });
    expect(apiNoName.status).toBe(400);
    expect(apiNoName.body.message).toBe('Saisissez votre nom complet pour signer.');

    await request(t.app)
      .put(`/api/quotes/${valid.id}`)
      .set(as(studio))
      .send({ items: [{ ...lines[0], price_without_tax: '1600.00' }] })
      .expect(200);
    const stale = await portalForm(client, `/portal/quotes/${valid.id}/sign`, {
      signer_name: 'Chloé Dubois',
      consent: 'true',
      version,
    }).expect(409);
    expect(spaced(visible(stale.text))).toContain(
      spaced('Le studio a modifié ce devis depuis que vous l’avez ouvert\u00a0: relisez-le avant de signer.'),
    );
    expect(stale.text).not.toContain('The studio changed this quote');

    // Paying an invoice already paid: said in French too.
    const invoice = await buildInvoice(t.app, studio, { contact_id: contact.id, issued: true });
    await request(t.app)
      .post(`/api/invoices/${invoice.id}/payments`)
      .set(as(studio))
      .send({ amount: invoice.balance_due, method: 'bank_transfer' })
      .expect(201);
    const paid = await request(t.app)
      .post(`/api/client-accounts/me/invoices/${invoice.id}/checkout`)
      .set(as(client))
      .send({});
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe('Cette facture est déjà réglée.');
  }, 240_000);

  it("§12 a quote mailed to the client and to someone else: only the client's message carries their link", async () => {
    const { contact } = await frenchClient();
    const witness = `temoin-${crypto.randomUUID()}@example.fr`;
    const quote = await buildQuote(t.app, studio, { contact_id: contact.id, items: lines, valid_until: parisDay(30) });
    await request(t.app)
      .post(`/api/quotes/${quote.id}/send-email`)
      .set(as(studio))
      .send({ to: [contact.email, witness] })
      .expect(202);
    const theirs = await eventually('the client’s email', async () => (await mailsTo(contact.email as string))[0]);
    const copy = await eventually('the other recipient’s email', async () => (await mailsTo(witness))[0]);
    expect(theirs.to.map((to) => to.address)).toEqual([contact.email]);
    expect(copy.to.map((to) => to.address)).toEqual([witness]);
    expect(portalTokenIn(theirs)).not.toBeNull();
    expect(portalTokenIn(copy)).toBeNull();
    expect(`${copy.text}${copy.html ?? ''}`).not.toContain('/portal/open/');
    // The other person still gets the quote itself.
    expect(copy.subject).toBe(theirs.subject);
    expect(copy.attachments?.[0]).toMatchObject({ contentType: 'application/pdf' });
    // One link issued, for the client's message only.
    const [links] = await sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM magic_link_tokens WHERE document_id = $1',
      [quote.id],
    );
    expect(links.n).toBe(1);
  }, 240_000);

  it('§13 the quote’s schedule is on its portal page and in its pdf, and the pdf’s terms agree with it', async () => {
    const { contact, client } = await frenchClient();
    const quote = await buildQuote(t.app, studio, {
      contact_id: contact.id,
      items: lines,
      valid_until: parisDay(30),
      payment_schedule: [
        { percentage: 30, due: { type: 'on_booking' } },
        { percentage: 70, due: { type: 'fixed', date: '2030-06-01' } },
      ],
      status: 'SENT',
    });
    const studioQuote = (await request(t.app).get(`/api/quotes/${quote.id}`).set(as(studio)).expect(200)).body;
    const [first] = studioQuote.payment_schedule as { amount: string; due_date: string }[];
    expect(studioQuote.payment_schedule).toMatchObject([
      { amount: '540.00' },
      { amount: '1260.00', due_date: '2030-06-01' },
    ]);

    const page = spaced(visible((await portal(client, `/portal/quotes/${quote.id}`).expect(200)).text));
    expect(page).toContain('Échéancier de paiement');
    expect(page).toContain(`1 · 30 % À la signature du devis ${frenchDay(first.due_date)} 540,00 €`);
    expect(page).toContain('2 · 70 % À date fixe 1 juin 2030 1 260,00 €');

    const link = await request(t.app).get(`/api/client-accounts/me/quotes/${quote.id}/pdf`).set(as(client)).expect(200);
    const pdf = spaced(pdfTextOf(await download(link.body.url as string)));
    expect(pdf).toContain('Échéancier de paiement');
    expect(pdf).toMatch(/1 · 30 % À la signature du devis \d{1,2} \S+ \d{4} 540,00 €/);
    expect(pdf).toContain('2 · 70 % À date fixe 1 juin 2030 1 260,00 €');
    expect(pdf).not.toContain('Paiement à 30 jours');
  }, 240_000);
});
