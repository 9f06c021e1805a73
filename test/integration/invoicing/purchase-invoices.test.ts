// Purchase invoices received through HTTP against the real stack (issue 22 §3): a Factur-X pdf
// made by another tool (Python's factur-x, which checks the XML against the Factur-X XSD as it
// embeds it) and a UBL XML are read back with their seller and totals, kept under documents/, and
// listed per studio; a pdf with a broken XML, totals a cent off, and files that are not e-invoices
// are refused with their reason.
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import request from 'supertest';
import { createS3Client } from '../../../lib/s3';
import { buildUser, type TestUser } from '../../factories/users';
import { makeFacturxWithPython } from '../../helpers/python-facturx';
import { objectExists } from '../../helpers/stored-objects';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { as } from '../../helpers/auth';

let t: TestApp;
let studio: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  studio = await buildUser(t.app);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const fixture = (name: string) =>
  fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'e-invoices', name), 'utf8');
const upload = (body: Buffer, filename: string, user = studio) =>
  request(t.app).post('/api/purchase-invoices').set(as(user)).attach('file', body, filename);

/** A one-page pdf (pdf-lib), as a supplier's invoicing tool would render its invoice. */
async function plainPdf(text: string, attach?: { name: string; content: string }): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(text, { x: 50, y: 700, font: await doc.embedFont(StandardFonts.Helvetica) });
  if (attach) await doc.attach(Buffer.from(attach.content), attach.name, { mimeType: 'text/xml' });
  return Buffer.from(await doc.save());
}

describe('POST /api/purchase-invoices', () => {
  it("reads a supplier's Factur-X made by another tool, keeps the file, lists it for this studio only, and refuses it twice", async () => {
    const facturx = makeFacturxWithPython(await plainPdf('Facture FA-2026-0042'), fixture('supplier-cii.xml'));
    const created = await upload(facturx, 'FA-2026-0042.pdf').expect(201);
    expect(created.body).toMatchObject({
      source_format: 'FACTURX',
      type_code: '380',
      seller_name: 'Labo Photo Lumière SAS',
      seller_siren: '732829320',
      seller_vat_number: 'FR40732829320',
      number: 'FA-2026-0042',
      issue_date: '2026-11-02',
      due_date: '2026-12-02',
      currency: 'EUR',
      total_without_tax: '140.00',
      total_tax: '22.20',
      total: '162.20',
      vat: [
        { rate: '20.00', category: 'S', base: '100.00', tax: '20.00' },
        { rate: '5.50', category: 'S', base: '40.00', tax: '2.20' },
      ],
      file_name: 'FA-2026-0042.pdf',
    });
    expect(created.body.file_key).toMatch(/^documents\/purchase-invoices\//);
    const s3 = createS3Client(t.config);
    try {
      expect(await objectExists(s3, t.config.S3_BUCKET, created.body.file_key)).toBe(true);
    } finally {
      s3.destroy();
    }

    expect(
      (await request(t.app).get(`/api/purchase-invoices/${created.body.id}`).set(as(studio)).expect(200)).body,
    ).toEqual(created.body);
    const list = await request(t.app).get('/api/purchase-invoices').set(as(studio)).expect(200);
    expect(list.body.items.map((i: { id: string }) => i.id)).toContain(created.body.id);

    const other = await buildUser(t.app);
    await request(t.app).get(`/api/purchase-invoices/${created.body.id}`).set(as(other)).expect(404);
    expect((await request(t.app).get('/api/purchase-invoices').set(as(other)).expect(200)).body).toMatchObject({
      items: [],
      total: 0,
    });

    const again = await upload(facturx, 'copy.pdf').expect(409);
    expect(again.body).toMatchObject({ code: 'purchase_invoice_exists', details: { id: created.body.id } });
    // On a fresh machine the first call installs Python's factur-x into its venv (once).
  }, 240_000);

  it('reads a UBL XML invoice', async () => {
    const created = await upload(Buffer.from(fixture('supplier-ubl.xml')), 'invoice-00123.xml').expect(201);
    expect(created.body).toMatchObject({
      source_format: 'UBL',
      number: '00123',
      seller_siren: '404833048',
      total_without_tax: '250.00',
      total_tax: '50.00',
      total: '300.00',
    });
  });

  it('refuses totals a cent off, a Factur-X whose XML is broken, and files that are not e-invoices', async () => {
    const off = await upload(
      Buffer.from(fixture('supplier-cii.xml').replace('<ram:GrandTotalAmount>162.20', '<ram:GrandTotalAmount>162.21')),
      'off.xml',
    ).expect(400);
    expect(off.body.code).toBe('validation_failed');
    expect(off.body.details[0].message).toContain('BR-CO-15');

    const brokenXml = await upload(
      await plainPdf('Facture', { name: 'factur-x.xml', content: '<rsm:CrossIndustryInvoice><unclosed>' }),
      'broken.pdf',
    ).expect(400);
    expect(brokenXml.body.message).toMatch(/Factur-X XML of the pdf is not valid/);

    // 25 MB of XML compressed into a small pdf: refused as it inflates, not read into memory whole.
    const bomb = await upload(
      await plainPdf('Facture', { name: 'factur-x.xml', content: `<a>${' '.repeat(25 * 1024 * 1024)}</a>` }),
      'bomb.pdf',
    ).expect(400);
    expect(bomb.body.message).toMatch(/cannot be read/);
    // Nested far deeper than any invoice: a clear 400, not a stack overflow.
    await upload(
      Buffer.from(`<?xml version="1.0"?>${'<a>'.repeat(200_000)}${'</a>'.repeat(200_000)}`),
      'deep.xml',
    ).expect(400);

    const plain = await upload(await plainPdf('Just a letter'), 'letter.pdf').expect(415);
    expect(plain.body.code).toBe('unsupported_media_type');
    await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'logo.png').expect(415);
    await upload(Buffer.from('<?xml version="1.0"?><Order><ID>1</ID></Order>'), 'order.xml').expect(415);
    await upload(Buffer.from('%PDF-1.7 not really'), 'fake.pdf').expect(400);
    await request(t.app).post('/api/purchase-invoices').set(as(studio)).send({ file: 'x' }).expect(400);
  });
});
