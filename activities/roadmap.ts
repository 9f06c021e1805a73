import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { ApplicationFailure } from '@temporalio/activity';
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { readClientInfo } from '../db/commands/client-info';
import { Contact } from '../db/models/Contact';
import { Session } from '../db/models/Session';
import { type Chromium } from '../lib/chromium';
import { type RoadmapActivities } from '../workflows/roadmap/contract';

export interface RoadmapDeps {
  s3: S3Client;
  bucket: string;
  chromium: Chromium;
}

interface RoadmapData {
  title: string;
  details: [string, string][];
  notes: string | null;
  /** Label and answer in template order; empty when nothing was answered. */
  answers: [string, string][];
}

async function loadRoadmap(ownerId: string, sessionId: string): Promise<RoadmapData> {
  const session = await Session.findOne({ where: { id: sessionId, owner_id: ownerId } });
  if (!session) throw ApplicationFailure.create({ type: 'not_found', message: 'Session not found', nonRetryable: true });
  const contact = session.contact_id ? await Contact.findOne({ where: { id: session.contact_id, owner_id: ownerId } }) : null;
  const info = await readClientInfo(session.id, ownerId);
  const answers = (info.fields ?? []).filter((f) => info.responses[f.field_key] !== undefined && info.responses[f.field_key] !== '').map((f): [string, string] => [f.label, String(info.responses[f.field_key])]);
  const contactName = contact ? [contact.first_name, contact.last_name].filter(Boolean).join(' ') : '';
  const details: [string, string][] = [
    ['Contact', [contactName, contact?.email, contact?.phone_number].filter(Boolean).join(' · ')],
    ['Start', session.start_date?.toISOString() ?? ''],
    ['End', session.end_date?.toISOString() ?? ''],
    ['Location', session.location ?? ''],
  ];
  return { title: session.title, details: details.filter(([, v]) => v !== ''), notes: session.notes, answers };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function roadmapHtml(d: RoadmapData): string {
  const rows = (pairs: [string, string][]) => pairs.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:sans-serif;font-size:12px}table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:4px;text-align:left;vertical-align:top}th{width:35%}</style></head><body>
<h1>${esc(d.title)}</h1><table>${rows(d.details)}</table>${d.notes ? `<h2>Notes</h2><p>${esc(d.notes)}</p>` : ''}${d.answers.length > 0 ? `<h2>Client information</h2><table>${rows(d.answers)}</table>` : ''}</body></html>`;
}

function roadmapDocx(d: RoadmapData): Promise<Buffer> {
  const table = (pairs: [string, string][]) =>
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: pairs.map(([k, v]) => new TableRow({ children: [new TableCell({ children: [new Paragraph({ children: [new TextRun({ text: k, bold: true })] })] }), new TableCell({ children: [new Paragraph(v)] })] })),
    });
  const children: (Paragraph | Table)[] = [new Paragraph({ text: d.title, heading: HeadingLevel.HEADING_1 }), table(d.details)];
  if (d.notes) children.push(new Paragraph({ text: 'Notes', heading: HeadingLevel.HEADING_2 }), new Paragraph(d.notes));
  if (d.answers.length > 0) children.push(new Paragraph({ text: 'Client information', heading: HeadingLevel.HEADING_2 }), table(d.answers));
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

export function createRoadmapActivities(deps: RoadmapDeps): RoadmapActivities {
  return {
    async renderRoadmap({ jobRunId, payload }) {
      const data = await loadRoadmap(payload.ownerId, payload.sessionId);
      let body: Buffer;
      if (payload.format === 'docx') body = await roadmapDocx(data);
      else {
        const page = await (await deps.chromium.browser()).newPage();
        try {
          // No network: the document is self-contained.
          await page.setJavaScriptEnabled(false);
          await page.setContent(roadmapHtml(data), { waitUntil: 'load' });
          body = Buffer.from(await page.pdf({ format: 'A4', printBackground: true }));
        } finally {
          await page.close().catch(() => undefined);
        }
      }
      const filename = `roadmap-${payload.sessionId}.${payload.format}`;
      // Under temp/: removed by the daily cleanup like other temporary files.
      const key = `temp/${payload.ownerId}/roadmaps/${jobRunId}/${filename}`;
      const contentType = payload.format === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
      await deps.s3.send(new PutObjectCommand({ Bucket: deps.bucket, Key: key, Body: body, ContentType: contentType }));
      return { key, filename };
    },
  };
}
