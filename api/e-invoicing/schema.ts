import { z } from 'zod';

/** PUT /api/users/me/e-invoicing-platform: the studio's approved platform and its API credentials. */
export const PlatformConnectionBody = z
  .object({
    /** The platform's API base, as the platform gives it. */
    base_url: z.url({ protocol: /^https?$/ }).max(500),
    client_id: z.string().trim().min(1).max(200),
    /** Required the first time; left out, the stored secret is kept. Never answered back. */
    client_secret: z.string().min(1).max(500).optional(),
  })
  // Strict: `vat_on_debits` moved to the company profile (issue 32 §5); sent here, it is a 400 rather than dropped unsaid.
  .strict();
export type PlatformConnectionBody = z.infer<typeof PlatformConnectionBody>;

export const PlatformConnectionView = z.object({
  base_url: z.string(),
  client_id: z.string(),
  has_secret: z.literal(true),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A SIREN (9 digits) or SIRET (14), spaces, dots and dashes allowed; the check digit is verified by the handler. */
export const DirectoryParams = z.object({
  identifier: z
    .string()
    .transform((s) => s.replace(/[\s.-]/g, ''))
    .pipe(z.string().regex(/^(\d{9}|\d{14})$/, 'must be a SIREN (9 digits) or a SIRET (14 digits)')),
});

export const DirectoryEntryView = z.object({
  siren: z.string(),
  siret: z.string().nullable(),
  name: z.string(),
  /** The company's e-invoicing address in the directory. */
  directory_line: z.string(),
  routing_code: z.string().nullable(),
  platform: z.string().nullable(),
});

/** An invoice's transmission to the platform and its lifecycle statuses, oldest first. */
export const PlatformStatusesView = z.object({
  /** Null: not transmitted (no platform set, not a B2B invoice, a draft, or not yet). */
  platform_flow_id: z.string().nullable(),
  platform_status: z.string().nullable(),
  platform_status_reason: z.string().nullable(),
  /** What to do after a rejection or refusal: a credit note and a new invoice. */
  correction: z.string().nullable(),
  items: z.array(
    z.object({
      status: z.string(),
      reason: z.string().nullable(),
      at: z.string(),
      source: z.enum(['platform', 'service']),
    }),
  ),
});
