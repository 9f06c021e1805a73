// The studio's company profile through HTTP against the real stack: validation of the French
// identifiers and the IBAN, ownership, the audit trail, and the profile in the text of an invoice
// pdf (read back with poppler) and docx; a VAT exempt studio's invoice carries no VAT.
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { buildInvoice } from '../../factories/invoices';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { zipEntryText } from '../../helpers/zip-entry';
import { testStackDir } from '../../setup/paths';
import { as } from '../../helpers/auth';
import { download } from '../../helpers/downloads';
import { pdfTextAt } from '../../helpers/pdf-text';

let t: TestApp;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  worker = await startMainWorker('company');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

const COMPANY = '/api/users/me/company';
const lumiere = {
  company_name: 'Studio Lumière SARL',
  legal_form: 'SARL',
  share_capital: '5000',
  siren: '912 345 675',
  siret: '912 345 675 00017',
  vat_number: 'fr 65 912345675',
  rcs_city: 'Paris',
  company_street: '12 rue Lepic',
  company_zipcode: '75018',
  company_city: 'Paris',
  company_country: 'fr',
  email: 'Bonjour@Studio-Lumiere.test',
  phone: '+33 1 42 00 00 00',
  iban: 'FR76 3000 6000 0112 3456 7890 189',
  bic: 'agrifrpp',
  late_payment_rate: 10,
  payment_terms_days: 30,
};

/** The text of a file the api links to: pdf through pdftotext, docx through its document.xml. */
async function documentText(url: string, name: string): Promise<string> {
  const file = path.join(testStackDir, name);
  if (name.endsWith('.pdf')) return (await pdfTextAt(url, { plainSpaces: true, keepAs: file })).replace(/\s+/g, ' ');
  fs.writeFileSync(file, await download(url));
  const text = (await zipEntryText(file, 'word/document.xml')).replace(/<[^>]+>/g, ' ');
  return text.replace(/[\u202f\u00a0]/g, ' ').replace(/\s+/g, ' ');
}

async function invoiceOf(user: TestUser) {
  const items = [
    {
      item_type: 'SESSION_TYPE',
      description: 'Séance portrait',
      quantity: 1,
      price_without_tax: '250.00',
      vat_percentage: '20.00',
    },
  ];
  return (await buildInvoice(t.app, user, { contact_id: null, title: 'Portrait Inès', items })) as {
    id: string;
    amount: string;
  };
}

describe('the company profile', () => {
  it('is a 404 before the first save, then saved whole, normalised, with an audit row per change', async () => {
    const owner = await buildUser(t.app);
    expect((await request(t.app).get(COMPANY).set(as(owner))).status).toBe(404);
    const saved = await request(t.app).put(COMPANY).set(as(owner)).send(lumiere);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      company_name: 'Studio Lumière SARL',
      share_capital: '5000.00',
      siren: '912345675',
      siret: '91234567500017',
      vat_number: 'FR65912345675',
      company_country: 'FR',
      company_country_name: 'France',
      email: 'bonjour@studio-lumiere.test',
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPP',
      vat_exempt: false,
      late_payment_rate: '10.00',
      payment_terms_days: 30,
    });
    expect((await request(t.app).get(COMPANY).set(as(owner)).expect(200)).body).toEqual(saved.body);

    // A field left out is cleared; the same profile again changes nothing and writes no audit row.
    const { phone: _phone, ...withoutPhone } = lumiere;
    expect((await request(t.app).put(COMPANY).set(as(owner)).send(withoutPhone).expect(200)).body.phone).toBeNull();
    await request(t.app).put(COMPANY).set(as(owner)).send(withoutPhone).expect(200);
    const [audit] = (await t.sequelize.query(
      "SELECT action, metadata FROM audit_logs WHERE resource_owner_id = $1 AND entity_type = 'COMPANY_PROFILE' ORDER BY created_at",
      { bind: [owner.id] },
    )) as [{ action: string; metadata: { changed: string[] } }[], unknown];
    expect(audit.map((a) => a.action)).toEqual(['CREATE', 'UPDATE']);
    expect(audit[1].metadata.changed).toEqual(['phone']);
    expect(JSON.stringify(audit)).not.toContain('FR7630006000011234567890189');

    // Another studio has its own (none yet).
    expect(
      (
        await request(t.app)
          .get(COMPANY)
          .set(as(await buildUser(t.app)))
      ).status,
    ).toBe(404);
  });

  it('refuses wrong French identifiers and IBANs with a 400 naming each field, and saves nothing', async () => {
    const owner = await buildUser(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ siren: '912345678' }, 'siren'],
      [{ siret: '91234567500018' }, 'siret'],
      [{ siret: '73282932000074' }, 'siret'],
      [{ vat_number: 'FR64912345675' }, 'vat_number'],
      [{ vat_number: 'FR44732829320' }, 'vat_number'],
      [{ iban: 'FR7630006000011234567890188' }, 'iban'],
      [{ bic: 'AGRI' }, 'bic'],
      [{ company_country: 'Atlantis' }, 'company_country'],
      [{ company_country: 'XX' }, 'company_country'],
      [{ company_name: '' }, 'company_name'],
      [{ payment_terms_days: -1 }, 'payment_terms_days'],
    ];
    for (const [change, field] of cases) {
      const res = await request(t.app)
        .put(COMPANY)
        .set(as(owner))
        .send({ ...lumiere, ...change });
      expect([field, res.status]).toEqual([field, 400]);
      expect((res.body.details as { path: string }[]).map((d) => d.path)).toContain(field);
    }
    expect((await request(t.app).get(COMPANY).set(as(owner))).status).toBe(404);
    // Outside France, the registration numbers are the country's own, as free text.
    const british = await request(t.app).put(COMPANY).set(as(owner)).send({
      company_name: 'Bright Studio Ltd',
      company_country: 'GB',
      siren: '01234567',
      vat_number: 'GB123456789',
      iban: 'GB82 WEST 1234 5698 7654 32',
    });
    expect(british.status).toBe(200);
    expect(british.body).toMatchObject({
      siren: '01234567',
      vat_number: 'GB123456789',
      iban: 'GB82WEST12345698765432',
    });
  });

  it("takes the country by its French or English name or its code, stores the code, shows the name in the studio's language", async () => {
    const owner = await buildUser(t.app);
    const bright = { company_name: 'Bright Studio Ltd', siren: '01234567' };
    for (const [typed, code, name] of [
      ['France', 'FR', 'France'],
      ['fr', 'FR', 'France'],
      ['Royaume-Uni', 'GB', 'Royaume-Uni'],
      ['united kingdom', 'GB', 'Royaume-Uni'],
      ['UK', 'GB', 'Royaume-Uni'],
      ['Etats-Unis', 'US', 'États-Unis'],
    ]) {
      const saved = await request(t.app)
        .put(COMPANY)
        .set(as(owner))
        .send({ ...bright, ...(code === 'FR' ? { siren: '912345675' } : {}), company_country: typed });
      expect([typed, saved.status, saved.body.company_country, saved.body.company_country_name]).toEqual([
        typed,
        200,
        code,
        name,
      ]);
    }
    const [[stored]] = (await t.sequelize.query('SELECT company_country FROM user_company WHERE user_id = $1', {
      bind: [owner.id],
    })) as [{ company_country: string }[], unknown];
    expect(stored.company_country).toBe('US');
    const refused = await request(t.app)
      .put(COMPANY)
      .set(as(owner))
      .send({ ...bright, company_country: 'Atlantis' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'invalid_input',
      details: [{ path: 'company_country', message: expect.stringMatching(/^"Atlantis" is not a country/) }],
    });
    // Empty or absent: no country.
    expect(
      (
        await request(t.app)
          .put(COMPANY)
          .set(as(owner))
          .send({ ...bright, company_country: '' })
          .expect(200)
      ).body,
    ).toMatchObject({ company_country: null, company_country_name: null });

    // An English-speaking studio reads the name in English; a legacy text the migration could not read is shown as it is.
    const english = await buildUser(t.app, { locale: 'en-US' });
    expect(
      (
        await request(t.app)
          .put(COMPANY)
          .set(as(english))
          .send({ ...bright, company_country: 'Royaume-Uni' })
          .expect(200)
      ).body,
    ).toMatchObject({ company_country: 'GB', company_country_name: 'United Kingdom' });
    await t.sequelize.query('UPDATE user_company SET company_country = $1 WHERE user_id = $2', {
      bind: ['Narnia', english.id],
    });
    expect((await request(t.app).get(COMPANY).set(as(english)).expect(200)).body).toMatchObject({
      company_country: 'Narnia',
      company_country_name: 'Narnia',
    });
  });
});

describe('documents carry the profile', () => {
  it("shows the legal identity and the payment details on an invoice's pdf and docx", async () => {
    const owner = await buildUser(t.app);
    await request(t.app).put(COMPANY).set(as(owner)).send(lumiere).expect(200);
    const invoice = await invoiceOf(owner);
    const pdf = await documentText(
      (await request(t.app).get(`/api/invoices/${invoice.id}/pdf`).set(as(owner)).expect(200)).body.url,
      `company-${invoice.id}.pdf`,
    );
    const docx = await documentText(
      (
        await request(t.app)
          .get(`/api/invoices/${invoice.id}/export`)
          .query({ format: 'docx' })
          .set(as(owner))
          .expect(200)
      ).body.url,
      `company-${invoice.id}.docx`,
    );
    for (const text of [pdf, docx]) {
      expect(text).toContain('Studio Lumière SARL');
      expect(text).toContain('SARL au capital de 5 000,00 €');
      expect(text).toContain('12 rue Lepic');
      expect(text).toContain('SIREN 912345675');
      expect(text).toContain('SIRET 91234567500017');
      expect(text).toContain('RCS Paris 912345675');
      expect(text).toContain('N° TVA FR65912345675');
      expect(text).toContain('IBAN FR76 3000 6000 0112 3456 7890 189 · BIC AGRIFRPP');
      expect(text).toContain('Paiement à 30 jours');
      expect(text).toContain('Pénalités de retard : 10,00 % par an');
      expect(text).not.toContain('TVA non applicable');
    }
  });

  it('renders before any profile exists, with the account name', async () => {
    const owner = await buildUser(t.app, { name: 'Atelier Zoé' });
    const invoice = await invoiceOf(owner);
    const pdf = await documentText(
      (await request(t.app).get(`/api/invoices/${invoice.id}/pdf`).set(as(owner)).expect(200)).body.url,
      `noprofile-${invoice.id}.pdf`,
    );
    expect(pdf).toContain('Atelier Zoé');
    expect(pdf).not.toContain('IBAN');
  });

  it("stores a VAT exempt studio's lines at 0 % and prints the mention of art. 293 B du CGI", async () => {
    const owner = await buildUser(t.app);
    await request(t.app)
      .put(COMPANY)
      .set(as(owner))
      .send({
        company_name: 'Zoé Photographie',
        legal_form: 'EI',
        company_country: 'FR',
        siren: '912345675',
        vat_exempt: true,
      })
      .expect(200);
    const invoice = await invoiceOf(owner);
    expect(invoice.amount).toBe('250.00');
    const read = (await request(t.app).get(`/api/invoices/${invoice.id}`).set(as(owner)).expect(200)).body as {
      items: { vat_percentage: string; total: string }[];
    };
    expect(read.items.map((i) => [i.vat_percentage, i.total])).toEqual([['0.00', '250.00']]);
    const pdf = await documentText(
      (await request(t.app).get(`/api/invoices/${invoice.id}/pdf`).set(as(owner)).expect(200)).body.url,
      `exempt-${invoice.id}.pdf`,
    );
    expect(pdf).toContain('TVA non applicable, art. 293 B du CGI');
    expect(pdf).toMatch(/Total TTC 250,00 €/);
  });
});
