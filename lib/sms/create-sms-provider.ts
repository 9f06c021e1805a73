import { type Config } from '../config';
import { createHttpSmsProvider } from './http-sms-provider';
import { createLocalSmsProvider } from './local-sms-provider';
import { type SmsProvider } from './sms-provider';

/** The provider SMS_PROVIDER names, configured from the environment. */
export function createSmsProvider(
  config: Pick<
    Config,
    | 'SMS_PROVIDER'
    | 'SMS_HTTP_BASE_URL'
    | 'SMS_HTTP_ACCOUNT_SID'
    | 'SMS_HTTP_AUTH_TOKEN'
    | 'SMS_FROM'
    | 'SMS_LOCAL_OUTBOX_FILE'
  >,
): SmsProvider {
  if (config.SMS_PROVIDER === 'http') {
    return createHttpSmsProvider({
      baseUrl: config.SMS_HTTP_BASE_URL,
      accountSid: config.SMS_HTTP_ACCOUNT_SID,
      authToken: config.SMS_HTTP_AUTH_TOKEN,
      from: config.SMS_FROM,
    });
  }
  return createLocalSmsProvider(config.SMS_LOCAL_OUTBOX_FILE);
}
