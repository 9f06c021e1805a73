import { type JobNameCounts } from '../../../db/queries/job-runs';
import { JOB_RUN_STATUSES } from '../../../domain/jobs/job-run-status';
import { type TaskQueueStats } from '../../../lib/jobs/task-queue-stats';
import { type presentJobRun } from '../../admin/jobs-presenter';

type BoardRun = ReturnType<typeof presentJobRun> & { temporalUrl: string };

export interface BoardView {
  queues: TaskQueueStats[];
  jobs: JobNameCounts[];
  runs: BoardRun[];
  total: number;
  filter: { jobName?: string; status?: string; dlq?: boolean; from?: string; to?: string };
  formToken: string;
  /** A line about the last action (replayed, terminated, refused), shown once. */
  notice?: string;
}

/** Text for HTML: every value on this page comes from job runs, which carry what users typed. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#1d2330}h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #dde2ea;padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:#f3f5f9}td.num{text-align:right}.FAILED{color:#b3261e}.COMPLETED{color:#1b6e3a}.RUNNING{color:#1a5fb4}
form.inline{display:inline}button{cursor:pointer}.notice{background:#fff6d6;padding:.5rem;border:1px solid #e6cf7a}
.error{max-width:28rem;overflow-wrap:anywhere;color:#555}fieldset{border:1px solid #dde2ea}`;

function actionForm(run: BoardRun, action: 'replay' | 'terminate', token: string): string {
  const label = action === 'replay' ? 'Replay' : 'Terminate';
  return `<form class="inline" method="post" action="/ops/queues/runs/${escapeHtml(run.id)}/${action}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit" data-action="${action}" data-run="${escapeHtml(run.id)}">${label}</button></form>`;
}

/** Purging asks for the job name typed in again: the confirmation a purge of many runs deserves. */
function purgeForm(jobName: string, count: number, token: string): string {
  return `<form class="inline" method="post" action="/ops/queues/jobs/${encodeURIComponent(jobName)}/purge"><input type="hidden" name="token" value="${escapeHtml(token)}"><input name="confirm" required placeholder="type ${escapeHtml(jobName)} to confirm" aria-label="Job name to confirm the purge of ${count} entries" size="24"> <button type="submit" data-action="purge" data-job="${escapeHtml(jobName)}">Purge ${count}</button></form>`;
}

/** The queue board: queues, counts per job name, and the filtered runs with their actions. */
export function renderBoard(view: BoardView): string {
  const { filter } = view;
  const queueRows = view.queues
    .map(
      (q) =>
        `<tr data-queue="${escapeHtml(q.queue)}"><td>${escapeHtml(q.queue)}</td><td class="num">${q.backlog}</td><td class="num">${q.workflowBacklog}</td><td class="num">${q.activityBacklog}</td><td class="num">${q.oldestTaskAgeSeconds}</td><td class="num">${q.pollers}</td></tr>`,
    )
    .join('');
  const jobRows = view.jobs
    .map(
      (j) =>
        `<tr data-job="${escapeHtml(j.jobName)}"><td><a href="/ops/queues?job_name=${encodeURIComponent(j.jobName)}">${escapeHtml(j.jobName)}</a></td><td class="num">${j.running}</td><td class="num">${j.completed}</td><td class="num">${j.failed}</td><td class="num"><a href="/ops/queues?job_name=${encodeURIComponent(j.jobName)}&amp;dlq=true">${j.deadLettered}</a></td><td>${j.deadLettered > 0 ? purgeForm(j.jobName, j.deadLettered, view.formToken) : ''}</td></tr>`,
    )
    .join('');
  const runRows = view.runs
    .map((r) => {
      const actions = [
        r.status === 'FAILED' && r.in_dlq ? actionForm(r, 'replay', view.formToken) : '',
        r.status === 'RUNNING' ? actionForm(r, 'terminate', view.formToken) : '',
      ].join(' ');
      return `<tr data-run="${escapeHtml(r.id)}"><td>${escapeHtml(r.job_name)}</td><td class="${escapeHtml(r.status)}">${escapeHtml(r.status)}${r.in_dlq ? ' (dead-lettered)' : ''}${r.replayed_by ? ` → replayed as <code>${escapeHtml(r.replayed_by)}</code>` : ''}</td><td class="num">${r.attempt}</td><td>${escapeHtml(r.started_at)}</td><td>${escapeHtml(r.finished_at ?? '')}</td><td class="error">${escapeHtml(r.error ?? '')}</td><td><a href="${escapeHtml(r.temporalUrl)}" target="_blank" rel="noopener">${escapeHtml(r.workflow_id)}</a><br><code>${escapeHtml(r.id)}</code></td><td>${actions}</td></tr>`;
    })
    .join('');
  const statusOptions = ['', ...JOB_RUN_STATUSES]
    .map((s) => `<option value="${s}"${filter.status === s ? ' selected' : ''}>${s || 'any'}</option>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Queue board · studio service</title><style>${STYLE}</style></head><body>
<h1>Queue board</h1>
${view.notice ? `<p class="notice" role="status">${escapeHtml(view.notice)}</p>` : ''}
<h2>Task queues</h2>
<table><thead><tr><th>Queue</th><th>Waiting</th><th>Workflow tasks</th><th>Activity tasks</th><th>Oldest (s)</th><th>Pollers</th></tr></thead><tbody>${queueRows}</tbody></table>
<h2>Jobs</h2>
<table><thead><tr><th>Job</th><th>Running</th><th>Completed</th><th>Failed</th><th>Dead-lettered</th><th>Purge the dead-letter entries</th></tr></thead><tbody>${jobRows}</tbody></table>
<h2>Runs</h2>
<form method="get" action="/ops/queues"><fieldset><legend>Filter</legend>
<label>Job <input name="job_name" value="${escapeHtml(filter.jobName ?? '')}"></label>
<label>Status <select name="status">${statusOptions}</select></label>
<label><input type="checkbox" name="dlq" value="true"${filter.dlq ? ' checked' : ''}> dead-lettered only</label>
<label>From <input type="date" name="from" value="${escapeHtml(filter.from ?? '')}"></label>
<label>To <input type="date" name="to" value="${escapeHtml(filter.to ?? '')}"></label>
<button type="submit">Filter</button></fieldset></form>
<p>${view.total} run(s)${view.total > view.runs.length ? `, the newest ${view.runs.length} shown` : ''}.</p>
<table><thead><tr><th>Job</th><th>Status</th><th>Attempt</th><th>Started</th><th>Finished</th><th>Error</th><th>Workflow (Temporal Web UI)</th><th></th></tr></thead><tbody>${runRows}</tbody></table>
</body></html>`;
}
