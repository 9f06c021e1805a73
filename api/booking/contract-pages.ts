import express, { type Request, type Response, type Router } from 'express';
import { ConflictError, DomainError } from '../../domain/errors';
import { formatTimestampInZone } from '../../domain/wall-clock';
import { bookingContractView, signBookingContract } from '../../services/booking/booking-contract';
import { sendPage } from '../client/face';
import { signRequestOf } from '../client/sign-body';
import { rejectNulCharacters } from '../middleware/reject-nul';
import { limitWithPage } from './limit-with-page';
import { type BookingPagesDeps, createPageFaces } from './page-parts';
import { renderBooked, renderSignContract } from './render-booking';

type TokenRequest = Request<{ token: string }>;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * The page where a client signs the quote their booking asks (issue 45 §2, a type with a
 * contract), at /portal/booking/{token}/sign, where the booking form sends them: the quote's pdf
 * with its contract, the consent text to tick and their name to type. Signed, they go on to pay
 * the deposit, or read that the booking is confirmed or awaits the studio; a hold that ended says
 * to book again. The same service as the JSON route.
 */
export function buildContractPages(router: Router, deps: BookingPagesDeps): void {
  const { faceFor, notFound } = createPageFaces(deps);

  async function signPage(req: TokenRequest, res: Response, status: number, ask: { name?: string; problem?: string }) {
    const token = req.params.token;
    if (!TOKEN.test(token)) return notFound(res);
    const view = await bookingContractView(deps, token, req.requestId).catch((err: unknown) => {
      if (err instanceof DomainError && err.code === 'not_found') return null;
      throw err;
    });
    if (!view) return notFound(res);
    const { booking, studio, contract } = view;
    const open = booking.status === 'HELD' && contract?.status === 'SENT';
    sendPage(
      res,
      status,
      renderSignContract({
        face: await faceFor(req, studio),
        path: `/portal/booking/${encodeURIComponent(token)}/sign`,
        typeName: booking.session_type_name,
        local: formatTimestampInZone(booking.starts_at, booking.client_time_zone),
        contract: open
          ? { pdfUrl: contract.pdf_url, consentText: contract.consent_text, version: contract.version }
          : null,
        ...ask,
      }),
    );
  }

  router.get('/portal/booking/:token/sign', async (req: TokenRequest, res) => signPage(req, res, 200, {}));

  router.post(
    '/portal/booking/:token/sign',
    limitWithPage<{ token: string }>(deps.bookLimit),
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 5 }),
    rejectNulCharacters,
    async (req: TokenRequest, res: Response) => {
      if (!TOKEN.test(req.params.token)) return notFound(res);
      const body = (req.body ?? {}) as Record<string, string>;
      const name = String(body.signer_name ?? '').slice(0, 300);
      try {
        const signed = await signBookingContract(
          deps,
          req.params.token,
          signRequestOf(req, {
            signer_name: name,
            consent: body.consent === 'true',
            version: String(body.version ?? '').slice(0, 40),
          }),
        );
        if (signed.checkoutUrl) return res.redirect(303, signed.checkoutUrl);
        const outcome = signed.booking.status === 'PENDING' ? 'pending' : 'confirmed';
        sendPage(res, 200, renderBooked(await faceFor(req, signed.studio), outcome));
      } catch (err) {
        if (err instanceof DomainError && err.code === 'not_found') return notFound(res);
        if (err instanceof DomainError && err.code === 'validation_failed')
          return signPage(req, res, 400, { name, problem: err.message });
        if (err instanceof ConflictError) return signPage(req, res, 409, { name, problem: err.message });
        throw err;
      }
    },
  );
}
