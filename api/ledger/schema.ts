import { z } from 'zod';
import { BREAK_REASONS, LEDGER_RECORD_TYPES } from '../../domain/ledger/record-types';
import { PERIOD_KINDS } from '../../domain/ledger/closures';
import { TOTAL_FIELDS } from '../../domain/ledger/closure-totals';
import { PageQuery, pageOf } from '../http/common-schemas';
import { isCalendarDate } from '../../domain/invoicing/calendar-date';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/** A calendar day between 2000 and 2099 that exists (2026-02-30 does not). */
const day = z.iso.date().refine((d) => d >= '2000-01-01' && d <= '2099-12-31' && isCalendarDate(d), {
  message: 'must be a real day between 2000-01-01 and 2099-12-31',
});

/** GET /api/ledger/integrity: what the check of the studio's chain and closures found. */
export const LedgerIntegrityView = z.object({
  ok: z.boolean(),
  records_checked: z.number().int(),
  head: z.object({ seq: z.number().int(), hash: sha256 }).nullable(),
  closures_checked: z.number().int(),
  first_break: z
    .object({
      seq: z
        .number()
        .int()
        .nullable()
        .describe("The record's number in the chain (a closure's head); null for a row never chained"),
      record_type: z.enum([...LEDGER_RECORD_TYPES, 'CLOSURE']).nullable(),
      record_id: z.string().nullable(),
      number: z
        .string()
        .nullable()
        .describe("The invoice's or credit note's number, a payment's receipt, a closure's period"),
      reason: z.enum(BREAK_REASONS),
      message: z.string(),
    })
    .nullable(),
});

/** POST /api/ledger/closures: the period to close; its start defaults to the last ended one of its kind. */
export const CloseLedgerPeriodBody = z
  .object({
    period_kind: z.enum(PERIOD_KINDS),
    /** The period's first day on the studio's clock: a day, the 1st of a month, a fiscal year's first day. */
    period_start: day.optional(),
    /** A fiscal year's last day, when it is not the day before the same date a year later. */
    period_end: day.optional(),
  })
  .strict();
export type CloseLedgerPeriodBody = z.infer<typeof CloseLedgerPeriodBody>;

export const LedgerClosureListQuery = PageQuery.extend({ period_kind: z.enum(PERIOD_KINDS).optional() });
export type LedgerClosureListQuery = z.infer<typeof LedgerClosureListQuery>;

const totals = z.object(
  Object.fromEntries(TOTAL_FIELDS.map((f) => [f, z.string()])) as Record<(typeof TOTAL_FIELDS)[number], z.ZodString>,
);

export const LedgerClosureView = z.object({
  id: z.uuid(),
  closure_seq: z.number().int(),
  period_kind: z.enum(PERIOD_KINDS),
  period_start: z.string(),
  period_end: z.string(),
  time_zone: z.string(),
  record_count: z.number().int(),
  first_seq: z.number().int().nullable(),
  head_seq: z.number().int(),
  head_hash: sha256,
  totals: z.record(z.string(), totals).describe('Per currency (ISO 4217): decimal strings'),
  closed_at: z.string(),
  previous_closure_hash: sha256,
  closure_hash: sha256.describe(
    'Keep it outside the service (docs/ledger-integrity.md): a rewrite of the whole chain then shows',
  ),
});

export const LedgerClosurePage = pageOf(LedgerClosureView);
