import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { ApplicationFailure } from '@temporalio/activity';
import type { Paragraph, Table } from 'docx';
import { type readClientInfo } from '../db/queries/client-info';
import { type loadRoadmapSources } from '../db/queries/roadmap-sources';
import { roadmapView, type RoadmapView } from '../domain/session-info/roadmap-view';
import { type Chromium } from '../lib/chromium';
import { docxLibrary } from '../lib/docx-library';
import { readLogoDataUri } from '../lib/studio-logo';
import { type RoadmapActivities } from '../workflows/roadmap/contract';
import { type Bound } from './db-deps';

/** The roadmap's reads (db/queries/roadmap-sources.ts, db/commands/client-info.ts). */
export interface RoadmapDb {
  loadRoadmapSources: Bound<typeof loadRoadmapSources>;
  readClientInfo: Bound<typeof readClientInfo>;
}

export interface RoadmapDeps extends RoadmapDb {
  s3: S3Client;
  bucket: string;
  chromium: Chromium;
}

async function loadRoadmap(
  db: RoadmapDb,
  ownerId: string,
  sessionId: string,
): Promise<{ view: RoadmapView; logoKey: string | null }> {
  const sources = await db.loadRoadmapSources(ownerId, sessionId);
  if (!sources)
    throw ApplicationFailure.create({ type: 'not_found', message: 'Session not found', nonRetryable: true });
  const { session, owner, company, contact } = sources;
  const info = await db.readClientInfo(session.id, ownerId);
  const answers = (info.fields ?? [])
    .filter((f) => info.responses[f.field_key] !== undefined && info.responses[f.field_key] !== '')
    .map((f): [string, string] => [f.label, String(info.responses[f.field_key])]);
  const view = roadmapView({
    studio: {
      name: company?.company_name || owner.name || owner.owner_email,
      locale: owner.locale,
      timeZone: owner.time_zone,
    },
    session: {
      title: session.title,
      start: session.start_date,
      end: session.end_date,
      location: session.location,
      notes: session.notes,
    },
    contact: contact
      ? {
          name: [contact.first_name, contact.last_name].filter(Boolean).join(' '),
          email: contact.email,
          phone: contact.phone_number,
        }
      : null,
    answers,
  });
  return { view, logoKey: owner.logo_key };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function roadmapHtml(d: RoadmapView, logo: string | null): string {
  const rows = (pairs: [string, string][]) =>
    pairs.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('');
  return `<!doctype html><html lang="${d.locale.slice(0, 2)}"><head><meta charset="utf-8"><style>body{font-family:sans-serif;font-size:12px}header{display:flex;align-items:center;gap:12px;color:#555}header img{max-height:48px;max-width:160px}table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:4px;text-align:left;vertical-align:top}th{width:35%}</style></head><body>
<header>${logo ? `<img src="${esc(logo)}" alt="">` : ''}<strong>${esc(d.studioName)}</strong></header>
<h1>${esc(d.title)}</h1><h2>${esc(d.heading.details)}</h2><table>${rows(d.details)}</table>${d.notes ? `<h2>${esc(d.heading.notes)}</h2><p>${esc(d.notes)}</p>` : ''}${d.answers.length > 0 ? `<h2>${esc(d.heading.answers)}</h2><table>${rows(d.answers)}</table>` : ''}</body></html>`;
}

function roadmapDocx(d: RoadmapView): Promise<Buffer> {
  const { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } = docxLibrary();
  const table = (pairs: [string, string][]) =>
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: pairs.map(
        ([k, v]) =>
          new TableRow({
            children: [
              new TableCell({ children: [new Paragraph({ children: [new TextRun({ text: k, bold: true })] })] }),
              new TableCell({ children: [new Paragraph(v)] }),
            ],
          }),
      ),
    });
  const children: (Paragraph | Table)[] = [
    new Paragraph({ children: [new TextRun({ text: d.studioName, bold: true })] }),
    new Paragraph({ text: d.title, heading: HeadingLevel.HEADING_1 }),
    new Paragraph({ text: d.heading.details, heading: HeadingLevel.HEADING_2 }),
    table(d.details),
  ];
  if (d.notes)
    children.push(new Paragraph({ text: d.heading.notes, heading: HeadingLevel.HEADING_2 }), new Paragraph(d.notes));
  if (d.answers.length > 0)
    children.push(new Paragraph({ text: d.heading.answers, heading: HeadingLevel.HEADING_2 }), table(d.answers));
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

export function createRoadmapActivities(deps: RoadmapDeps): RoadmapActivities {
  return {
    async renderRoadmap({ jobRunId, payload }) {
      const { view, logoKey } = await loadRoadmap(deps, payload.ownerId, payload.sessionId);
      let body: Buffer;
      if (payload.format === 'docx') body = await roadmapDocx(view);
      else {
        const page = await (await deps.chromium.browser()).newPage();
        try {
          // No network: the document is self-contained.
          await page.setJavaScriptEnabled(false);
          await page.setContent(roadmapHtml(view, await readLogoDataUri(deps, logoKey)), { waitUntil: 'load' });
          body = Buffer.from(await page.pdf({ format: 'A4', printBackground: true }));
        } finally {
          await page.close().catch(() => undefined);
        }
      }
      const filename = `roadmap-${payload.sessionId}.${payload.format}`;
      // Under temp/: removed by the daily cleanup like other temporary files.
      const key = `temp/${payload.ownerId}/roadmaps/${jobRunId}/${filename}`;
      const contentType =
        payload.format === 'pdf'
          ? 'application/pdf'
          : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
      await deps.s3.send(new PutObjectCommand({ Bucket: deps.bucket, Key: key, Body: body, ContentType: contentType }));
      return { key, filename };
    },
  };
}
