import { type S3Client } from '@aws-sdk/client-s3';
import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { z } from 'zod';
import { localDate, zonedInstant } from '../../domain/booking/local-time';
import { visitorLocale } from '../../domain/booking/visitor-locale';
import { ConflictError, DomainError } from '../../domain/errors';
import { formatTimestampInZone } from '../../domain/wall-clock';
import { bookingChangeView } from '../../services/booking/booking-change-page';
import { cancelClientBooking, rescheduleClientBooking } from '../../services/booking/client-changes';
import { createFaceLoader, NO_FACE, sendPage } from '../client/face';
import { rejectNulCharacters } from '../middleware/reject-nul';
import { presentSlots } from './presenter';
import { limitWithPage } from './limit-with-page';
import { renderBookingChange } from './render-booking-change';
import { renderBookingNotFound } from './render-booking';

export interface BookingChangePagesDeps {
  sequelize: Sequelize;
  s3: S3Client;
  bucket: string;
  logger: Logger;
  /** The public booking's limit (per client address): each post counts. */
  bookLimit: RequestHandler;
}

const DAY_MS = 24 * 3600 * 1000;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const PageQuery = z.object({
  week: z.iso.date().optional(),
  notice: z.enum(['cancelled', 'moved']).optional(),
});
const MoveBody = z.object({ start: z.iso.datetime({ offset: true }) });

type TokenRequest = Request<{ token: string }>;

/** The page of a booking by its token, as it is now (with a notice of what just happened), and the 404 page. */
function createChangePage(deps: BookingChangePagesDeps) {
  const { sequelize } = deps;
  const loadFace = createFaceLoader(deps);
  const notFound = (res: Response) => sendPage(res, 404, renderBookingNotFound(NO_FACE));

  async function showPage(
    req: TokenRequest,
    res: Response,
    status: number,
    ask: z.infer<typeof PageQuery> & { taken?: boolean },
  ) {
    const token = req.params.token;
    if (!TOKEN.test(token)) return notFound(res);
    let week = '';
    let today = '';
    let from = new Date();
    const view = await bookingChangeView(sequelize, token, (booking) => {
      today = localDate(new Date(), booking.client_time_zone);
      week = ask.week && ask.week > today ? ask.week : today;
      from = zonedInstant(week, '00:00', booking.client_time_zone);
      return { from, to: new Date(from.getTime() + 7 * DAY_MS) };
    }).catch((err: unknown) => {
      if (err instanceof DomainError && err.code === 'not_found') return null;
      throw err;
    });
    if (!view) return notFound(res);
    const timeZone = view.booking.client_time_zone;
    const to = new Date(from.getTime() + 7 * DAY_MS);
    const face = {
      ...(await loadFace(view.studio.org_id, null)),
      locale: visitorLocale(req.get('accept-language'), view.studio.locale),
    };
    const windowEnd = Date.now() + view.type.booking_window_days * DAY_MS;
    const shift = (days: number) => localDate(new Date(from.getTime() + days * DAY_MS + 12 * 3600 * 1000), timeZone);
    const base = `/portal/booking/${encodeURIComponent(token)}`;
    sendPage(
      res,
      status,
      renderBookingChange({
        face,
        base,
        typeName: view.type.name,
        status: view.booking.status,
        local: formatTimestampInZone(view.booking.starts_at, timeZone),
        studioLocal: formatTimestampInZone(view.booking.starts_at, view.studio.time_zone),
        timeZone,
        studioTimeZone: view.studio.time_zone,
        changeable: view.refusal === null,
        movable: view.refusal === null && view.booking.status !== 'HELD',
        slots: presentSlots(view.slots, timeZone, view.studio.time_zone).slots,
        week: { earlier: week > today ? shift(-7) : null, later: to.getTime() < windowEnd ? shift(7) : null },
        ...(ask.taken ? { notice: 'taken' as const } : ask.notice ? { notice: ask.notice } : {}),
      }),
    );
  }

  return { notFound, showPage };
}

/**
 * The client's page of their booking (issue 45 §2), at the link the booking's emails and answer
 * carry: /portal/booking/{token} shows it on the client's clock and the studio's, and, within the
 * type's notice, a week of free slots to move it to and a button to cancel it; the posts change it
 * through the same services as the JSON routes and come back to the page. Server-rendered as the
 * booking pages, working without script. An unknown token is a 404 page.
 */
export function buildBookingChangePagesRouter(deps: BookingChangePagesDeps): Router {
  const { sequelize } = deps;
  const router = Router();
  const { notFound, showPage } = createChangePage(deps);

  const limited = limitWithPage(deps.bookLimit);
  const form = [limited, express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 5 }), rejectNulCharacters];
  /** A refusal of the policy or of the token shows the page again as it is now. */
  const afterChange = async (
    req: TokenRequest,
    res: Response,
    change: () => Promise<unknown>,
    done: 'cancelled' | 'moved',
  ) => {
    if (!TOKEN.test(req.params.token)) return notFound(res);
    try {
      await change();
    } catch (err) {
      if (err instanceof ConflictError && err.code === 'slot_taken') return showPage(req, res, 409, { taken: true });
      if (err instanceof ConflictError && err.code === 'booking_closed') return showPage(req, res, 409, {});
      if (err instanceof DomainError && err.code === 'not_found') return notFound(res);
      throw err;
    }
    res.redirect(303, `/portal/booking/${encodeURIComponent(req.params.token)}?notice=${done}`);
  };

  router.get('/portal/booking/:token', async (req: TokenRequest, res) => {
    const query = PageQuery.safeParse(req.query);
    await showPage(req, res, 200, query.success ? query.data : {});
  });

  router.post('/portal/booking/:token/cancel', ...form, async (req: TokenRequest, res: Response) =>
    afterChange(req, res, () => cancelClientBooking(sequelize, req.params.token, req.requestId), 'cancelled'),
  );

  router.post('/portal/booking/:token/reschedule', ...form, async (req: TokenRequest, res: Response) => {
    const body = MoveBody.safeParse(req.body ?? {});
    if (!body.success) return showPage(req, res, 400, {});
    await afterChange(
      req,
      res,
      () => rescheduleClientBooking(sequelize, req.params.token, new Date(body.data.start), req.requestId),
      'moved',
    );
  });

  return router;
}
