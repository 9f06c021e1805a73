import { Router } from 'express';
import { type Logger } from 'pino';
import { type Config } from '../../lib/config';
import { createMailer } from '../../lib/mailer';
import { pdfRendererAvailable } from '../../lib/pdf-renderer';
import { type createRouteKit } from '../http/route-kit';
import { sendTestAlert } from './alert-test';
import { checkHost } from './host-status';

/** How long /ops/status waits for each host. */
const HOST_TIMEOUT_MS = 2_000;

/** Admin-only operations: reachability of the ops hosts, and a synthetic alert (spec: Operations). */
export function buildOpsAdminRouter({
  config,
  logger,
  kit,
}: {
  config: Config;
  logger: Logger;
  kit: ReturnType<typeof createRouteKit>;
}): Router {
  const router = Router();
  const tag = 'operations';

  kit.route(
    router,
    {
      method: 'get',
      path: '/ops/status',
      operationId: 'getOpsStatus',
      errors: ['unavailable'],
      summary:
        'Reachability of the queue board, the dashboard tool and the metrics host, from their configured addresses, and whether pdfs can be rendered',
      tag,
      auth: 'admin',
    },
    async () => {
      // Only the configured addresses: nothing in the request chooses what is called.
      const hosts = await Promise.all([
        checkHost('queue_board', config.OPS_QUEUE_BOARD_URL, HOST_TIMEOUT_MS),
        checkHost('dashboard', config.OPS_DASHBOARD_URL, HOST_TIMEOUT_MS),
        checkHost('metrics', config.OPS_METRICS_URL, HOST_TIMEOUT_MS),
      ]);
      const configured = hosts.filter((h) => h.status !== 'not_configured');
      // Without Chromium the api still works, but no pdf can be made (pdf routes answer 503).
      const pdfRendering = pdfRendererAvailable(config.CHROMIUM_PATH)
        ? { status: 'available' as const, executablePath: config.CHROMIUM_PATH }
        : {
            status: 'unavailable' as const,
            executablePath: config.CHROMIUM_PATH,
            message: `PDF rendering is unavailable: no Chromium can be executed at CHROMIUM_PATH (${config.CHROMIUM_PATH})`,
          };
      const healthy = configured.every((h) => h.status === 'up') && pdfRendering.status === 'available';
      return { status: healthy ? 'up' : 'degraded', checkedAt: new Date().toISOString(), hosts, pdfRendering };
    },
  );

  kit.route(
    router,
    {
      method: 'post',
      path: '/observability/alerts/test',
      operationId: 'sendTestAlert',
      summary: 'Send a synthetic alert to the chat webhook and the alert email address',
      tag,
      auth: 'admin',
    },
    async ({ user }) => {
      const channels = await sendTestAlert(
        { chatWebhookUrl: config.ALERT_CHAT_WEBHOOK_URL, emailTo: config.ALERT_EMAIL_TO, mailFrom: config.MAIL_FROM },
        () => createMailer(config.SMTP_URL),
        user.email,
      );
      logger.info(
        { channels: Object.fromEntries(Object.entries(channels).map(([k, v]) => [k, v.status])) },
        'test alert sent',
      );
      return { channels };
    },
  );

  return router;
}
