import { type Transporter } from 'nodemailer';

/** What happened on one channel of a test alert. */
export interface ChannelResult {
  status: 'sent' | 'not_configured' | 'failed';
  reason?: string;
}

export interface AlertChannels {
  chatWebhookUrl: string;
  emailTo: string;
  mailFrom: string;
}

/** The synthetic alert, in the shape a Slack-compatible incoming webhook takes. */
export function testAlertMessage(requestedBy: string, at: Date) {
  const text = `[TEST] Studio service alert test, requested by ${requestedBy} at ${at.toISOString()}. No action needed.`;
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] };
}

/**
 * Sends the synthetic alert to the chat webhook and to the alert email address, each on its own:
 * one channel failing does not stop the other, and each reports sent, not configured or failed
 * with the reason. The webhook's reply body is not echoed (it may carry tokens).
 */
export async function sendTestAlert(
  channels: AlertChannels,
  mailer: () => Transporter,
  requestedBy: string,
  timeoutMs = 5_000,
): Promise<{ chat: ChannelResult; email: ChannelResult }> {
  const message = testAlertMessage(requestedBy, new Date());
  const chat = async (): Promise<ChannelResult> => {
    if (!channels.chatWebhookUrl) return { status: 'not_configured' };
    try {
      const res = await fetch(channels.chatWebhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(message),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body?.cancel();
      return res.ok ? { status: 'sent' } : { status: 'failed', reason: `the webhook answered HTTP ${res.status}` };
    } catch (err) {
      return {
        status: 'failed',
        reason:
          (err as Error).name === 'TimeoutError'
            ? `no answer within ${timeoutMs} ms`
            : ((err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message),
      };
    }
  };
  const email = async (): Promise<ChannelResult> => {
    if (!channels.emailTo) return { status: 'not_configured' };
    const transport = mailer();
    try {
      await transport.sendMail({
        from: channels.mailFrom,
        to: channels.emailTo,
        subject: '[TEST] Studio service alert test',
        text: message.text,
      });
      return { status: 'sent' };
    } catch (err) {
      return { status: 'failed', reason: (err as Error).message };
    } finally {
      transport.close();
    }
  };
  const [chatResult, emailResult] = await Promise.all([chat(), email()]);
  return { chat: chatResult, email: emailResult };
}
