import fs from 'node:fs/promises';
import path from 'node:path';
import { type SentSms, type SmsMessage, type SmsProvider } from './sms-provider';

/** One line of the local outbox file. */
export interface RecordedSms extends SmsMessage {
  id: string;
  sentAt: string;
}

/**
 * The default provider of the local stack and the tests: nothing leaves the machine; each message
 * is appended as a JSON line to a file (SMS_LOCAL_OUTBOX_FILE) that a developer can `tail -f` and
 * a test can read. One append per message, small enough to be written whole.
 */
export function createLocalSmsProvider(file: string): SmsProvider {
  let ready: Promise<unknown> | undefined;
  return {
    name: 'local',
    async send(message: SmsMessage): Promise<SentSms> {
      ready ??= fs.mkdir(path.dirname(file), { recursive: true });
      await ready;
      const id = `local-${message.reference}`;
      const line: RecordedSms = { id, ...message, sentAt: new Date().toISOString() };
      await fs.appendFile(file, `${JSON.stringify(line)}\n`);
      return { provider: 'local', providerMessageId: id };
    },
  };
}

/** The messages recorded so far (tests, and anyone curious on the local stack). */
export async function readLocalSmsOutbox(file: string): Promise<RecordedSms[]> {
  const text = await fs
    .readFile(file, 'utf8')
    .catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? '' : Promise.reject(err)));
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as RecordedSms);
}
