import { type Request } from 'express';
import { z } from 'zod';
import { type SignRequest } from '../../services/client-portal/client-documents';

/** What a client sends to sign a quote (the portal's, or the one their booking asks them to sign). */
export const SignBody = z
  .object({
    signer_name: z.string().max(300).describe('The name the client types as their signature'),
    consent: z.literal(true).describe('The client ticked the consent text shown with the quote (consent_text)'),
    version: z.string().max(40).describe("The quote's `version` as the client read it: a quote changed since is 409"),
  })
  .strict();

/** A signature as the signing services take it: what the client sent, and where it came from (kept as evidence). */
export const signRequestOf = (
  req: Request,
  body: { signer_name: string; consent: boolean; version: string },
): SignRequest => ({
  signerName: body.signer_name,
  consent: body.consent,
  version: body.version,
  ipAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
  userAgent: req.get('user-agent') ?? '',
  requestId: req.requestId,
});
