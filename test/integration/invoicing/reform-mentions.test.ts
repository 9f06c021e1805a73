// Issue 32 §5, the new mandatory mentions of France's e-invoicing reform, through HTTP against the
// real stack (api, worker, Chromium, S3, the PA simulator): a French studio that opted for VAT on
// debits issues an invoice of a session (services) and prints (goods) to be delivered elsewhere
// than the client's address. Its pdf (read by poppler's pdftotext) prints the three mentions, its
// Factur-X carries them and Mustang finds zero errors, the gate names what is missing, and no
// cashed status is sent for its payment.
import request from 'supertest';
import { extractInvoiceXml } from '../../../lib/facturx/extract-xml';
import { buildBillableContact } from '../../factories/contacts';
import { buildInvoice, FRENCH_STUDIO, saveStudioProfile } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { download } from '../../helpers/downloads';
import { mustangValidate } from '../../helpers/mustang';
import { pdfTextOf } from '../../helpers/pdf-text';
import { sqlOn } from '../../helpers/sql';
import { simulatedFlows, simulatorUrl as simulator } from '../../helpers/pa-simulator';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';

let t: TestApp;
let worker: WorkerProcess;
let studio: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  studio = await buildUser(t.app);
  worker = await startMainWorker('reform-mentions', { PA_POLL_SECONDS: '2' });
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

const sql = sqlOn(() => t.sequelize);

/** A session (services) and a print (goods) at 20 %. */
const MIXED_LINES = [
  {
    item_type: 'SESSION_TYPE',
    description: 'Reportage inauguration',
    price_without_tax: '800.00',
    vat_percentage: 20,
  },
  {
    item_type: 'SESSION_TYPE',
    description: 'Tirage 50×70 encadré',
    quantity: 2,
    price_without_tax: '150.00',
    vat_percentage: 20,
    category: 'GOODS',
  },
];
/** The town hall where the prints go, not the client's head office in Lyon. */
const TOWN_HALL = {
  name: 'Mairie de Villeurbanne',
  street: 'Place Lazare-Goujon',
  zipcode: '69100',
  city: 'Villeurbanne',
  country: 'France',
};

describe("the reform's mentions on a French invoice (issue 32 §5)", () => {
  let client: { id: string };
  let issued: { id: string; number: string };

  beforeAll(async () => {
    const profile = await saveStudioProfile(t.app, studio, { ...FRENCH_STUDIO, vat_on_debits: true });
    expect(profile.vat_on_debits).toBe(true);
    const connected = await request(t.app).put('/api/users/me/e-invoicing-platform').set(as(studio)).send({
      base_url: simulator(),
      client_id: 'studio-local',
      client_secret: 'studio-local-secret',
    });
    expect(connected.status).toBe(200);
    // A company in the simulator's directory, at the address it is billed at.
    client = await buildBillableContact(t.app, studio, {
      company_name: 'Atelier Dubois SAS',
      siren: '552100554',
      vat_number: 'FR96552100554',
    });
  }, 60_000);

  it('keeps what each line sells and the delivery address, and refuses what cannot be stated', async () => {
    const draft = await buildInvoice(t.app, studio, {
      contact_id: client.id,
      title: 'Inauguration',
      items: MIXED_LINES,
      delivery_address: TOWN_HALL,
    });
    expect(draft.items.map((i) => i.category)).toEqual(['SERVICES', 'GOODS']);
    expect(draft.delivery_address).toEqual({ ...TOWN_HALL, country: 'FR', region: null });

    const put = (body: Record<string, unknown>) =>
      request(t.app).put(`/api/invoices/${draft.id}`).set(as(studio)).send(body);
    const noCountry = await put({ delivery_address: { street: 'Place Lazare-Goujon', city: 'Villeurbanne' } });
    expect(noCountry.status).toBe(400);
    expect(JSON.stringify(noCountry.body.details)).toContain('delivery_address');
    const goodsText = await put({ items: [{ item_type: 'TEXT', description: 'Livraison', category: 'GOODS' }] });
    expect(goodsText.status).toBe(400);
    expect(JSON.stringify(goodsText.body.details)).toContain('category');

    const res = await request(t.app).post(`/api/invoices/${draft.id}/issue`).set(as(studio));
    expect(res.status).toBe(200);
    issued = res.body as { id: string; number: string };
    // Issued, it keeps its delivery address for good.
    expect((await put({ delivery_address: null })).status).toBe(409);
    const [row] = await sql<{ delivery_address: unknown; seller: { vat_on_debits: boolean } }>(
      'SELECT delivery_address, seller FROM invoices WHERE id = $1',
      [issued.id],
    );
    expect(row.delivery_address).toMatchObject({ city: 'Villeurbanne', country: 'FR' });
    // The option is in the seller copy: a later change of the profile does not change the invoice.
    expect(row.seller.vat_on_debits).toBe(true);
  }, 60_000);

  it('prints the category of operation, the option for VAT on debits and the delivery address', async () => {
    const link = await request(t.app).get(`/api/invoices/${issued.id}/pdf`).set(as(studio)).expect(200);
    const text = pdfTextOf(await download(link.body.url as string));
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Catégorie de l’opération : livraison de biens et prestation de services');
    expect(flat).toContain("Option pour le paiement de la taxe d'après les débits");
    expect(flat).toContain('Adresse de livraison');
    expect(flat).toContain('Mairie de Villeurbanne');
    expect(flat).toContain('Place Lazare-Goujon');
    expect(flat).toContain('69100 Villeurbanne');
  }, 120_000);

  it('carries them in its Factur-X, which Mustang validates with zero errors', async () => {
    const link = await request(t.app).get(`/api/invoices/${issued.id}/facturx`).set(as(studio)).expect(200);
    const pdf = await download(link.body.url as string);
    const xml = (await extractInvoiceXml(pdf))?.xml ?? '';
    // BT-23: mixed, an invoice (M1); the note (TXD) and BT-8 (CII code 5) of VAT on debits; BG-15.
    expect(xml).toMatch(/<ram:BusinessProcessSpecifiedDocumentContextParameter>\s*<ram:ID>M1<\/ram:ID>/);
    expect(xml).toMatch(
      /<ram:Content>Option pour le paiement de la taxe d'après les débits<\/ram:Content>\s*<ram:SubjectCode>TXD<\/ram:SubjectCode>/,
    );
    expect(xml).toContain('<ram:DueDateTypeCode>5</ram:DueDateTypeCode>');
    expect(xml).toMatch(
      /<ram:ShipToTradeParty>\s*<ram:Name>Mairie de Villeurbanne<\/ram:Name>\s*<ram:PostalTradeAddress>[\s\S]*<ram:CountryID>FR<\/ram:CountryID>/,
    );
    const [pdfReport, xmlReport] = [
      await mustangValidate(pdf, 'reform-mentions.pdf'),
      await mustangValidate(Buffer.from(xml), 'reform-mentions.xml'),
    ];
    process.stdout.write(
      `Mustang, reform mentions: pdf ${pdfReport.status}, xml ${xmlReport.status} ${JSON.stringify([...pdfReport.errors, ...pdfReport.warnings, ...xmlReport.errors, ...xmlReport.warnings])}\n`,
    );
    expect(pdfReport.pdfa).toMatchObject({ flavour: '3b', compliant: true });
    expect(pdfReport.errors).toEqual([]);
    expect(xmlReport.errors).toEqual([]);
    expect(xmlReport.status).toBe('valid');
  }, 240_000);

  it('sends no cashed status for its payment: the studio opted for VAT on debits', async () => {
    const deposited = await eventually(
      'the invoice deposited',
      async () => {
        const res = await request(t.app).get(`/api/invoices/${issued.id}/platform-statuses`).set(as(studio));
        return res.body.platform_status === 'Déposée' ? (res.body as { platform_flow_id: string }) : null;
      },
      120_000,
    );
    const paid = await request(t.app)
      .post(`/api/invoices/${issued.id}/payments`)
      .set(as(studio))
      .send({ amount: '100.00', method: 'bank_transfer' });
    expect(paid.status).toBe(201);
    await eventually('the payment event dispatched', async () => {
      const [row] = await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM outbox_events WHERE event_type = 'PAYMENT_RECEIVED' AND entity_id = $1 AND dispatched_at IS NOT NULL`,
        [issued.id],
      );
      return row.n > 0;
    });
    const [jobs] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM job_runs WHERE job_name = 'e-invoicing.cashed' AND entity_id = $1`,
      [issued.id],
    );
    expect(jobs.n).toBe(0);
    const flows = await simulatedFlows();
    // The invoice's flow is there; no lifecycle flow (a cashed status) about it.
    expect(flows.filter((f) => f.originalFlowId === deposited.platform_flow_id)).toHaveLength(0);
  }, 180_000);

  it("prints no delivery address that is the client's own, and an invoice from a quote keeps its goods", async () => {
    const quote = await buildQuote(t.app, studio, {
      contact_id: client.id,
      title: 'Album',
      items: [{ ...MIXED_LINES[1], description: 'Album 30×30' }],
      accepted: true,
    });
    const made = await request(t.app).post(`/api/quotes/${quote.id}/invoice`).set(as(studio)).send({});
    expect(made.status).toBe(201);
    expect(made.body.items.map((i: { category: string }) => i.category)).toEqual(['GOODS']);
    const own = await request(t.app)
      .put(`/api/invoices/${made.body.id}`)
      .set(as(studio))
      .send({ delivery_address: { street: '27, Quai Saint-Antoine', zipcode: '69002', city: 'LYON', country: 'FR' } });
    expect(own.status).toBe(200);
    const res = await request(t.app).post(`/api/invoices/${made.body.id}/issue`).set(as(studio));
    expect(res.status).toBe(200);
    const link = await request(t.app).get(`/api/invoices/${made.body.id}/pdf`).set(as(studio)).expect(200);
    const flat = pdfTextOf(await download(link.body.url as string)).replace(/\s+/g, ' ');
    expect(flat).toContain('Catégorie de l’opération : livraison de biens');
    expect(flat).not.toContain('prestation de services');
    expect(flat).not.toContain('Adresse de livraison');
    const xmlLink = await request(t.app).get(`/api/invoices/${made.body.id}/xml`).set(as(studio)).expect(200);
    const xml = (await download(xmlLink.body.url as string)).toString('utf8');
    expect(xml).toMatch(/<ram:ID>B1<\/ram:ID>/);
    expect(xml).not.toContain('ShipToTradeParty');
    // Goods alone: VAT is due at delivery whatever the option, so no VAT point date code.
    expect(xml).not.toContain('DueDateTypeCode');
  }, 120_000);

  it('the gate names a delivery address without a country code (BR-57) in the 400, and nothing is issued', async () => {
    const draft = await buildInvoice(t.app, studio, { contact_id: client.id, items: MIXED_LINES });
    // A stored text no country is read from (as data written before the API checked it).
    await sql('UPDATE invoices SET delivery_address = $2::jsonb WHERE id = $1', [
      draft.id,
      JSON.stringify({ street: '1 rue Nulle Part', zipcode: '00000', city: 'Ys', country: 'Atlantide' }),
    ]);
    const res = await request(t.app).post(`/api/invoices/${draft.id}/issue`).set(as(studio));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.details).toContainEqual(expect.objectContaining({ path: 'e_invoice', rule: 'BR-57' }));
    const [row] = await sql<{ status: string; number: string | null }>(
      'SELECT status, number FROM invoices WHERE id = $1',
      [draft.id],
    );
    expect(row).toEqual({ status: 'DRAFT', number: null });
  }, 60_000);
});
