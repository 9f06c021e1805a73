/** What a session workflow's SMS task asks of a provider. */
export interface SmsMessage {
  to: string;
  body: string;
  /** Stable per task run: the local provider records it, and logs can tie a message to its run. */
  reference: string;
}

export interface SentSms {
  /** The provider's name, kept in the task run's metadata (spec: provider). */
  provider: string;
  /** The provider's id of the message, when it gives one. */
  providerMessageId: string | null;
}

/**
 * Sends an SMS or throws. A `SmsRejectedError` means the provider refused this message for good
 * (bad number, blocked recipient): retrying cannot help. Any other error may be retried.
 */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<SentSms>;
}

export class SmsRejectedError extends Error {
  override readonly name = 'SmsRejectedError';
}
