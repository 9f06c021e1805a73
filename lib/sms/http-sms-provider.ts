import { type SentSms, type SmsMessage, type SmsProvider, SmsRejectedError } from './sms-provider';

export interface HttpSmsOptions {
  /** The API's base, e.g. https://api.twilio.com (SMS_HTTP_BASE_URL). */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  timeoutMs?: number;
}

/**
 * A Twilio-style REST provider: POST {base}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded
 * To, From and Body, HTTP basic auth with the account id and token. A 4xx is the provider refusing
 * this message (retrying cannot help); a 5xx, 429 or network error is worth retrying.
 */
export function createHttpSmsProvider(options: HttpSmsOptions): SmsProvider {
  const url = new URL(
    `2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`,
    options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`,
  );
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    name: 'http',
    async send(message: SmsMessage): Promise<SentSms> {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ To: message.to, From: options.from, Body: message.body }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      const body = (await response.json().catch(() => ({}))) as { sid?: unknown; message?: unknown };
      if (response.ok) return { provider: 'http', providerMessageId: typeof body.sid === 'string' ? body.sid : null };
      // The provider's own words help the studio fix a number; never echo our credentials.
      const reason = `SMS provider answered ${response.status}${typeof body.message === 'string' ? `: ${body.message.slice(0, 300)}` : ''}`;
      if (response.status >= 400 && response.status < 500 && response.status !== 429)
        throw new SmsRejectedError(reason);
      throw new Error(reason);
    },
  };
}
