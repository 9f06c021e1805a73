// Issue 19, part 4: everything a client reads is in the contact's language (else the studio's),
// under the studio's name and logo. Through the real stack: the api in-process, the real worker
// mailing MailDev, the portal pages the email links to, and the pdf a quote is sent with.
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { buildContact } from '../../factories/contacts';
import { buildInvoice } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildSession } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { zipEntryText } from '../../helpers/zip-entry';
import { as } from '../../helpers/auth';
import { mailsTo, type Mail } from '../../helpers/mail';
import { download } from '../../helpers/downloads';
import { pdfTextAt } from '../../helpers/pdf-text';

let t: TestApp;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  worker = await startMainWorker('client-locale');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

const firstMailTo = (address: string) =>
  eventually(`the email to ${address}`, async () =>
    (await mailsTo(address)).length > 0 ? (await mailsTo(address))[0] : undefined,
  );
const portalPathOf = (mail: Mail) =>
  new URL(/(https?:\/\/\S+\/portal\/session-info\/[\w-]+)/.exec(mail.text)![1]).pathname;

/** A 1×1 png: the studio's logo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const COMPANY = 'Atelier Lumière & Fils';

/** A French studio with its company profile and, when asked, its logo. */
async function frenchStudio(withLogo: boolean): Promise<TestUser> {
  const studio = await buildUser(t.app, { locale: 'fr-FR', name: 'Compte Lumière' });
  await request(t.app)
    .put('/api/users/me/company')
    .set(as(studio))
    .send({ company_name: COMPANY, company_country: 'FR' })
    .expect(200);
  if (withLogo)
    await request(t.app)
      .put('/api/users/me/logo')
      .set(as(studio))
      .attach('file', PNG, { filename: 'logo.png', contentType: 'image/png' })
      .expect(200);
  return studio;
}

/** A session of `studio` for `contact`, with a questionnaire (one required field). */
async function sessionWithQuestionnaire(studio: TestUser, contactId: string, title: string) {
  const session = await buildSession(t.app, studio, { title, contact_id: contactId });
  const template = (
    await request(t.app)
      .post('/api/session-info/templates')
      .set(as(studio))
      .send({
        name: 'Mariage',
        fields: [{ field_key: 'venue', label: 'Venue / Lieu', field_type: 'TEXT', is_required: true }],
      })
      .expect(201)
  ).body as { id: string };
  await request(t.app)
    .put(`/api/sessions/${session.id}/client-info`)
    .set(as(studio))
    .send({ template_id: template.id, responses: { venue: 'TBD' } })
    .expect(200);
  return session;
}

describe('the language and the face a client sees', () => {
  it('an English contact of a French studio gets the invitation and the portal in English, under the studio’s name and logo; a French contact of the same studio still gets French', async () => {
    const studio = await frenchStudio(true);
    const emilyEmail = `emily-${crypto.randomUUID()}@example.com`;
    const emily = await buildContact(t.app, studio, {
      first_name: 'Emily',
      last_name: 'Carter',
      email: emilyEmail,
      locale: 'en-US',
    });
    const englishSession = await sessionWithQuestionnaire(studio, emily.id, 'Wedding in Provence');
    await request(t.app)
      .post(`/api/sessions/${englishSession.id}/send-session-info-invite`)
      .set(as(studio))
      .send({})
      .expect(202);

    const mail = await firstMailTo(emilyEmail);
    expect(mail.subject).toBe('Let\'s prepare your session "Wedding in Provence"');
    expect(mail.text).toContain('Hi Emily');
    expect(mail.text).not.toMatch(/Bonjour|Préparons/);
    expect(mail.text).toContain(COMPANY);
    // The html heads with the logo and the name, escaped.
    expect(mail.html).toMatch(/<img class="studio-logo" src="data:image\/png;base64,[A-Za-z0-9+/=]+"/);
    expect(mail.html).toContain('Atelier Lumière &amp; Fils');
    expect(mail.html).not.toContain(COMPANY);

    const portalPath = portalPathOf(mail);
    const opened = await request(t.app).get(portalPath).expect(200);
    expect(opened.text).toContain('<html lang="en">');
    expect(opened.text).toContain('Open the questionnaire');
    expect(opened.text).toContain('Session: Wedding in Provence');
    expect(opened.text).toContain('Atelier Lumière &amp; Fils');
    expect(opened.text).toMatch(/<img class="studio-logo" src="data:image\/png;base64,/);
    const form = await request(t.app).post(portalPath).expect(200);
    expect(form.text).toContain('(required)');
    expect(form.text).toMatch(/<button type="submit">Save<\/button>/);
    expect(form.text).toContain('Atelier Lumière &amp; Fils');
    const token = /name="client_token" value="([^"]+)"/.exec(form.text)![1];
    const wrong = await request(t.app)
      .post('/portal/session-info')
      .type('form')
      .send({ client_token: token, session_id: englishSession.id, venue: '' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toMatch(/id="e_venue">This field is required\./);
    const saved = await request(t.app)
      .post('/portal/session-info')
      .type('form')
      .send({ client_token: token, session_id: englishSession.id, venue: 'Mas des Oliviers' })
      .expect(200);
    expect(saved.text).toContain('Your answers are saved. Thank you!');
    // The spent link says so in English too.
    const used = await request(t.app).get(portalPath);
    expect(used.status).toBe(410);
    expect(used.text).toContain('This link was already used');

    // A French contact of the same studio: French, as before.
    const camilleEmail = `camille-${crypto.randomUUID()}@example.fr`;
    const camille = await buildContact(t.app, studio, { first_name: 'Camille', email: camilleEmail });
    expect(camille.locale).toBeNull();
    const frenchSession = await sessionWithQuestionnaire(studio, camille.id, 'Mariage au domaine');
    await request(t.app)
      .post(`/api/sessions/${frenchSession.id}/send-session-info-invite`)
      .set(as(studio))
      .send({})
      .expect(202);
    const french = await firstMailTo(camilleEmail);
    expect(french.subject).toBe('Préparons votre séance « Mariage au domaine »');
    expect(french.text).toContain('Bonjour Camille');
    expect(french.html).toContain('Atelier Lumière &amp; Fils');
    const frenchPage = await request(t.app).get(portalPathOf(french)).expect(200);
    expect(frenchPage.text).toContain('<html lang="fr">');
    expect(frenchPage.text).toContain('Ouvrir le questionnaire');
    expect(frenchPage.text).toContain('Atelier Lumière &amp; Fils');
  }, 120_000);

  it('a studio without a logo or a company profile is headed by its account name, and no image', async () => {
    const studio = await buildUser(t.app, { locale: 'en-US', name: 'Bright <Studio>' });
    const email = `ana-${crypto.randomUUID()}@example.es`;
    // A French contact of an American studio: French.
    const ana = await buildContact(t.app, studio, { first_name: 'Ana', email, locale: 'fr-FR' });
    const session = await sessionWithQuestionnaire(studio, ana.id, 'Portrait');
    await request(t.app)
      .post(`/api/sessions/${session.id}/send-session-info-invite`)
      .set(as(studio))
      .send({})
      .expect(202);
    const mail = await firstMailTo(email);
    expect(mail.subject).toContain('Préparons votre séance');
    expect(mail.html).toContain('Bright &lt;Studio&gt;');
    expect(mail.html).not.toContain('<img');
    const page = await request(t.app).get(portalPathOf(mail)).expect(200);
    expect(page.text).toContain('Ouvrir le questionnaire');
    expect(page.text).toContain('Bright &lt;Studio&gt;');
    expect(page.text).not.toContain('<img');
  }, 120_000);

  it('a quote sent to an English contact of a French studio: the email, the preview, the pdf and the invoice docx are in English, the files with the logo', async () => {
    const studio = await frenchStudio(true);
    const email = `james-${crypto.randomUUID()}@example.com`;
    const james = await buildContact(t.app, studio, {
      first_name: 'James',
      last_name: "O'Connor",
      email,
      locale: 'en-US',
    });
    const quote = (await buildQuote(t.app, studio, {
      title: 'Headshots',
      contact_id: james.id,
      items: [
        {
          item_type: 'SESSION_TYPE',
          description: 'Team headshots',
          quantity: 10,
          price_without_tax: '123.45',
          vat_percentage: 20,
        },
      ],
    })) as { id: string; number: string };

    const preview = await request(t.app)
      .post(`/api/quotes/${quote.id}/preview-email`)
      .set(as(studio))
      .send({})
      .expect(200);
    expect(preview.body.subject).toBe('Your quote "Headshots"');

    const pdf = await request(t.app).get(`/api/quotes/${quote.id}/pdf`).set(as(studio)).expect(200);
    expect(pdf.body.filename).toBe(`quote-${quote.number}.pdf`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-locale-'));
    try {
      const file = path.join(dir, 'quote.pdf');
      const text = await pdfTextAt(pdf.body.url, { keepAs: file });
      expect(text).toContain(`Quote No. ${quote.number}`);
      expect(text).toContain(COMPANY);
      expect(text).toMatch(/Total incl\. tax\s+€1,481\.40/);
      // pdfimages -list: two header lines, then one line per image (a png's alpha is a second, "smask").
      const images = execFileSync('pdfimages', ['-list', file])
        .toString('utf8')
        .trim()
        .split('\n')
        .slice(2)
        .filter((row) => row.trim().split(/\s+/)[2] === 'image');
      expect(images).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // The invoice's docx: English labels, the logo as a picture.
    const invoice = (await buildInvoice(t.app, studio, {
      title: 'Headshots',
      contact_id: james.id,
      items: [
        {
          item_type: 'SESSION_TYPE',
          description: 'Team headshots',
          quantity: 1,
          price_without_tax: '100.00',
          vat_percentage: 20,
        },
      ],
    })) as { id: string; number: string };
    const docx = await request(t.app).get(`/api/invoices/${invoice.id}/export?format=docx`).set(as(studio)).expect(200);
    expect(docx.body.filename).toBe(`invoice-${invoice.number}.docx`);
    const docxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-locale-docx-'));
    try {
      fs.writeFileSync(path.join(docxDir, 'invoice.docx'), await download(docx.body.url));
      const xml = await zipEntryText(path.join(docxDir, 'invoice.docx'), 'word/document.xml');
      expect(xml.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain(`Invoice No. ${invoice.number}`);
      expect(xml).toContain('Atelier Lumière &amp; Fils');
      expect(xml).toMatch(/<a:blip r:embed="/);
    } finally {
      fs.rmSync(docxDir, { recursive: true, force: true });
    }

    await request(t.app)
      .post(`/api/quotes/${quote.id}/send-email`)
      .set(as(studio))
      .send({ attach_pdf: false })
      .expect(202);
    const mail = await firstMailTo(email);
    expect(mail.subject).toBe('Your quote "Headshots"');
    expect(mail.text).toContain('Download the document');
    expect(mail.html).toContain('Atelier Lumière &amp; Fils');
    expect(mail.html).toMatch(/<img class="studio-logo" src="data:image\/png;base64,/);
  }, 120_000);
});
