/** Codes of the conflicts the API can answer (409); each names the rule the request ran into. */
export type ConflictCode =
  | 'email_taken'
  | 'job_not_replayable'
  | 'job_not_running'
  | 'job_already_started'
  | 'workflow_task_in_use'
  | 'quote_invoiced'
  | 'field_key_taken'
  | 'session_info_template_missing'
  | 'session_contact_exists'
  // Legal invoicing (issue 20): an issued invoice never changes; the ledger refuses what would not add up.
  | 'invoice_issued'
  | 'invoice_not_issued'
  | 'e_invoice_not_available'
  | 'invoice_cancelled'
  | 'nothing_due'
  | 'payment_exceeds_balance'
  | 'credit_exceeds_creditable'
  | 'refund_exceeds_overpaid'
  | 'reversal_not_allowed'
  | 'quote_rejected'
  | 'numbering_in_use'
  | 'tenant_slug_taken'
  // Payment reminders (issue 21 §2): a stop is for good.
  | 'reminders_stopped'
  // Purchase invoices received (issue 22 §3): one record per file; answered once (issue 32 §3).
  | 'purchase_invoice_exists'
  | 'purchase_invoice_answered'
  // Deposit invoices (issue 21 §1): one per installment, never a draft left behind the final invoice.
  | 'quote_not_sent'
  | 'deposit_exists'
  | 'deposit_draft'
  | 'deposits_changed'
  // The client's answer to a quote (issue 31 §2): signed once, never after a change, a refusal or its last day.
  | 'quote_signed'
  | 'quote_accepted'
  | 'quote_declined'
  | 'quote_expired'
  | 'quote_changed'
  // The client's data (issue 31 §4): an erased contact is never attached, written to or matched again.
  | 'contact_erased'
  // E-reporting (issue 32 §4): a period is reported once, after it ends.
  | 'e_report_exists'
  | 'period_not_ended'
  // The ledger's closures (issue 32 §6): a period is closed once, after it ends.
  | 'ledger_period_open'
  | 'ledger_period_closed'
  | 'ledger_chain_broken'
  // France's e-invoicing network (issue 32): the studio has not connected its approved platform.
  | 'platform_not_configured'
  // Teams (issue 44): one waiting invitation per address; a used, revoked or expired link joins no one;
  // the owner is not removed, only replaced by a transfer.
  | 'invitation_pending'
  | 'invitation_closed'
  | 'already_member'
  | 'owner_not_removable'
  // Booking (issue 45): a slot another client took first; a booking past what may still change.
  | 'slot_taken'
  | 'booking_closed'
  | 'session_type_booked'
  // Issue 45 §3: a member's CalDAV calendars.
  | 'calendar_connected';

/**
 * Every code a DomainError can carry, defined once: the error handler maps each to a status in a
 * `Record<ErrorCode, number>`, so a new code that is not given a status fails the type-check
 * instead of silently becoming a 400.
 */
export type ErrorCode =
  | 'not_found'
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'unavailable'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'export_too_large'
  | 'export_failed'
  | 'export_timeout'
  | 'import_failed'
  | 'import_timeout'
  | 'invalid_key'
  | 'permanent_object'
  | 'pdf_renderer_unavailable'
  | ConflictCode;

/**
 * Errors the domain and services raise. Each has a stable snake_case `code` and no HTTP status:
 * api/middleware/error-handler.ts is the one place that maps codes to statuses.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The resource does not exist, or belongs to someone else: callers never learn which. */
export class NotFoundError extends DomainError {
  constructor(resource: string) {
    super('not_found', `${resource} not found`);
  }
}

/** Input that passed the schema but breaks a business rule. */
export class ValidationError extends DomainError {
  constructor(message: string, details?: unknown) {
    super('validation_failed', message, details);
  }
}

/** The request conflicts with the current state (duplicate, wrong status). */
export class ConflictError extends DomainError {
  constructor(code: ConflictCode, message: string, details?: unknown) {
    super(code, message, details);
  }
}

/** No valid credentials. */
export class UnauthorizedError extends DomainError {
  constructor(message = 'Authentication required') {
    super('unauthorized', message);
  }
}

/** Authenticated, but not allowed (admin routes). */
export class ForbiddenError extends DomainError {
  constructor(message = 'Admin access required') {
    super('forbidden', message);
  }
}

/** A dependency (database, Temporal, storage) is not answering. */
export class UnavailableError extends DomainError {
  constructor(message: string) {
    super('unavailable', message);
  }
}

/** Too many requests for one key of a rate limit; the middleware has set `Retry-After` already. */
export class RateLimitedError extends DomainError {
  constructor(limit: number, windowSeconds: number) {
    super('rate_limited', `Too many requests; the limit is ${limit} per ${windowSeconds} s`);
  }
}

/**
 * No pdf can be made: the Chromium at CHROMIUM_PATH is missing or cannot be executed. Everything
 * else still works (csv, excel, docx); the api answers 503 and a pdf job fails for good.
 */
export class PdfRendererUnavailableError extends DomainError {
  constructor(executablePath: string) {
    super(
      'pdf_renderer_unavailable',
      `PDF rendering is unavailable: no Chromium can be executed at CHROMIUM_PATH (${executablePath}); install Debian's chromium and fonts-dejavu-core or set CHROMIUM_PATH`,
      { executablePath },
    );
  }
}
