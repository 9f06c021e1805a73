import { z } from 'zod';
import { MAX_FORMAT_LENGTH, SEQUENCE_RESETS } from '../../domain/invoicing/numbering';

const SeriesFormat = z
  .object({
    format: z.string().trim().min(1).max(MAX_FORMAT_LENGTH),
    sequence_reset: z.enum(SEQUENCE_RESETS).default('yearly'),
  })
  .strict();

/** PUT /api/users/me/document-numbering: the series to set; a series left out keeps its format. */
export const NumberingBody = z
  .object({ invoice: SeriesFormat.optional(), credit_note: SeriesFormat.optional(), quote: SeriesFormat.optional() })
  .strict();

const SeriesView = z.object({
  format: z.string(),
  sequence_reset: z.enum(SEQUENCE_RESETS),
  in_use: z.boolean(),
  example: z.string(),
});
export const NumberingView = z.object({ invoice: SeriesView, credit_note: SeriesView, quote: SeriesView });
