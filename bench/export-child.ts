// One measured step of bench/export.ts, in a process of its own so its peak RSS (VmHWM) is its
// own: prints one JSON line `{ rows, seconds, bytes, vmHwmKb, chromiumPeakKb? }`.
//
//   node --import tsx bench/export-child.ts copy|exceljs|render '<json>'
//
// copy:    the baseline of csv, a plain `COPY (SELECT <the columns> ...) TO STDOUT WITH CSV` of
//          the same rows, read to the end and discarded.
// exceljs: the baseline of excel, exceljs's streaming writer (commit per row) fed the same rows
//          from memory (loaded before the clock starts), its output discarded.
// render:  the renderExport activity itself (real database, S3, file_objects), as a worker runs it.
// Each first does the same work unmeasured on a small owner's rows (warmOwner): a worker is a
// long-lived process, so connection set-up, first S3 request and JIT warm-up are not per export.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { DefaultLogger } from '@temporalio/worker';
import { MockActivityEnvironment } from '@temporalio/testing';
import pino from 'pino';
import { createExportRenderActivities } from '../activities/exports/render-export';
import { exportRenderDb } from '../workers/export-render-db';
import { readRowBatches } from '../db/queries/exports/row-batches';
import { createSequelize } from '../db/sequelize';
import { columnsFor } from '../domain/exports/columns';
import { type ExportEntity } from '../domain/exports/export-kinds';
import { createChromium } from '../lib/chromium';
import { loadConfig } from '../lib/config';
import { createS3Client } from '../lib/s3';
import { type ExportPayload, type RenderedExport } from '../workflows/exports/contract';

interface Input {
  ownerId: string;
  /** A small owner of the same entity: one unmeasured run on their rows first, so the measured one runs warm, as in a long-lived worker. */
  warmOwner: { ownerId: string; orgId: string };
  entity: ExportEntity;
  fields: string[];
  payload?: ExportPayload;
  jobRunId?: string;
}

/** This process's peak resident set so far, from /proc (Linux). */
function vmHwmKb(pid: number | 'self' = 'self'): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** A sink that counts and drops what it is given. */
function discard(): Writable & { bytes: number } {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      sink.bytes += chunk.length;
      callback();
    },
  }) as Writable & { bytes: number };
  sink.bytes = 0;
  return sink;
}

/** Resident memory of Chromium's process tree (every descendant of `root`), in kB. */
function treeRssKb(root: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone */
    }
  }
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += match ? Number(match[1]) : 0;
    } catch {
      /* gone */
    }
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

async function copyBaseline(input: Input, databaseUrl: string) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const cols = input.fields.map((f) => `"${f}"`).join(', ');
  const statement = (ownerId: string) =>
    `COPY (SELECT ${cols} FROM "${input.entity}" WHERE owner_id = '${ownerId}' ORDER BY created_at, id) TO STDOUT WITH CSV`;
  await pipeline(client.query(copyTo(statement(input.warmOwner.ownerId))), discard());
  const sink = discard();
  const started = performance.now();
  const copy = client.query(copyTo(statement(input.ownerId)));
  await pipeline(copy, sink);
  const seconds = (performance.now() - started) / 1000;
  await client.end();
  return { rows: copy.rowCount, seconds, bytes: sink.bytes };
}

async function exceljsBaseline(input: Input, databaseUrl: string) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const columns = columnsFor(input.entity, input.fields);
  // The same rows, typed as excel wants them, all in memory before the clock starts.
  const load = async (ownerId: string) => {
    const rows: ExcelJS.CellValue[][] = [];
    for await (const batch of readRowBatches(client, {
      entity: input.entity,
      ownerId,
      columns,
      timeZone: 'Europe/Paris',
      mode: 'wallClock',
    })) {
      for (const row of batch)
        rows.push(
          columns.map((c, i) =>
            row[i] === null
              ? null
              : c.type === 'timestamp' || c.type === 'date'
                ? new Date((row[i] as number) * 1000)
                : (row[i] as ExcelJS.CellValue),
          ),
        );
    }
    return rows;
  };
  const write = async (rows: ExcelJS.CellValue[][], sink: Writable) => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Sheet');
    sheet.columns = columns.map((c) => ({ header: c.excelHeader, key: c.key }));
    for (const row of rows) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
  };
  await write(await load(input.warmOwner.ownerId), discard());
  const rows = await load(input.ownerId);
  await client.end();
  const sink = discard();
  const started = performance.now();
  await write(rows, sink);
  return { rows: rows.length, seconds: (performance.now() - started) / 1000, bytes: sink.bytes };
}

async function render(input: Input) {
  const config = loadConfig();
  const sequelize = createSequelize({ url: config.DATABASE_URL, poolMax: 2, appRole: config.DATABASE_APP_ROLE });
  const s3 = createS3Client(config);
  const chromium = createChromium({ executablePath: config.CHROMIUM_PATH });
  let chromiumPeakKb = 0;
  const sampler = setInterval(() => {
    chromium.browser().then(
      (b) => {
        const pid = b.process()?.pid;
        if (pid) chromiumPeakKb = Math.max(chromiumPeakKb, treeRssKb(pid));
      },
      () => undefined,
    );
  }, 250);
  if (input.payload!.format !== 'pdf') clearInterval(sampler);
  try {
    const activities = createExportRenderActivities({
      db: exportRenderDb(sequelize),
      s3,
      bucket: config.S3_BUCKET,
      chromium,
      logger: pino({ level: 'silent' }),
      pdf: { maxRows: config.EXPORT_PDF_MAX_ROWS, chunkRows: config.EXPORT_PDF_CHUNK_ROWS },
    });
    const env = new MockActivityEnvironment(
      { scheduledTimestampMs: Date.now(), attempt: 1 },
      { logger: new DefaultLogger('ERROR') },
    );
    await env.run(activities.renderExport, {
      jobRunId: crypto.randomUUID(),
      payload: { ...input.payload!, ...input.warmOwner },
    });
    const started = performance.now();
    const rendered: RenderedExport = await env.run(activities.renderExport, {
      jobRunId: input.jobRunId!,
      payload: input.payload!,
    });
    const seconds = (performance.now() - started) / 1000;
    return {
      rows: rendered.rowCount,
      seconds,
      bytes: rendered.sizeBytes,
      key: rendered.key,
      ...(input.payload!.format === 'pdf' ? { chromiumPeakKb } : {}),
    };
  } finally {
    clearInterval(sampler);
    await chromium.close();
    await sequelize.close();
    s3.destroy();
  }
}

async function main() {
  const [mode, json] = process.argv.slice(2);
  const input = JSON.parse(json) as Input;
  const databaseUrl = process.env.DATABASE_URL!;
  const result =
    mode === 'copy'
      ? await copyBaseline(input, databaseUrl)
      : mode === 'exceljs'
        ? await exceljsBaseline(input, databaseUrl)
        : await render(input);
  process.stdout.write(`${JSON.stringify({ ...result, vmHwmKb: vmHwmKb() })}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
