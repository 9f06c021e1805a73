import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { localDate, zonedInstant } from '../../domain/booking/local-time';
import { ianaTimeZone } from '../../domain/time-zone';
import { bookSlot, findPublicType } from '../../services/booking/book-slot';
import { bookingPage, publicSlots } from '../../services/booking/booking-page';
import { sendPage } from '../client/face';
import { buildContractPages } from './contract-pages';
import { buildMiniDayPages } from './mini-pages';
import {
  type BookingPagesDeps,
  bookingFormPost,
  createPageFaces,
  type PageAsk,
  pageType,
  pickedForm,
  ZONES,
} from './page-parts';
import { presentSlots } from './presenter';
import { renderBooked, renderBookingHome, renderSlots } from './render-booking';

export type { BookingPagesDeps };

const DAY_MS = 24 * 3600 * 1000;

const PageQuery = z.object({
  tz: z.string().max(64).optional(),
  week: z.iso.date().optional(),
  start: z.iso.datetime({ offset: true }).optional(),
});

type SlugTypeRequest = Request<{ slug: string; sessionTypeId: string }>;

/**
 * The public booking pages (issue 45 §2), server-rendered as the portal's, in the visitor's
 * language, readable at phone width, working without script: /portal/book/{slug} lists the
 * bookable session types; /portal/book/{slug}/{type} shows a week of free slots on the client's
 * clock (a zone picker, the studio's time on each), then the form of the slot picked; the post
 * books it through the same service as the JSON route, and sends the client to pay the deposit
 * when one is due. A slot taken meanwhile shows the week again with a notice (409).
 */
/** What the pages share: the visitor's face, the 404 page, and a week of slots with the picked one's form. */
function createPageMakers(deps: BookingPagesDeps) {
  const { sequelize } = deps;
  const { faceFor, notFound } = createPageFaces(deps);
  /** A week of slots from `week` (or today) on the client's clock, and the form of `picked`. */
  async function slotsPage(req: SlugTypeRequest, res: Response, status: number, ask: PageAsk) {
    const { slug, sessionTypeId } = req.params;
    const found = await findPublicType(sequelize, slug.slice(0, 63), sessionTypeId).catch(() => null);
    if (!found) return notFound(res);
    const { studio, type } = found;
    const timeZone = (ask.tz && ianaTimeZone(ask.tz)) || studio.time_zone;
    const today = localDate(new Date(), timeZone);
    const week = ask.week && ask.week > today ? ask.week : today;
    const from = zonedInstant(week, '00:00', timeZone);
    const to = new Date(from.getTime() + 7 * DAY_MS);
    const { slots } = await publicSlots(sequelize, slug, sessionTypeId, { from, to });
    const shown = presentSlots(slots, timeZone, studio.time_zone).slots;
    const windowEnd = Date.now() + type.booking_window_days * DAY_MS;
    const shift = (days: number) => localDate(new Date(from.getTime() + days * DAY_MS + 12 * 3600 * 1000), timeZone);
    sendPage(
      res,
      status,
      renderSlots({
        face: await faceFor(req, studio),
        slug,
        path: `/portal/book/${encodeURIComponent(slug)}/${type.session_type_id}`,
        type: pageType(studio, type),
        timeZone,
        studioTimeZone: studio.time_zone,
        zones: ZONES,
        slots: shown,
        week: { earlier: week > today ? shift(-7) : null, later: to.getTime() < windowEnd ? shift(7) : null },
        ...pickedForm(shown, ask, type, pageType(studio, type)),
        ...(ask.taken ? { taken: true } : {}),
      }),
    );
  }

  return { faceFor, notFound, slotsPage };
}

export function buildBookingPagesRouter(deps: BookingPagesDeps): Router {
  const { sequelize } = deps;
  const router = Router();
  const { faceFor, notFound, slotsPage } = createPageMakers(deps);

  router.get('/portal/book/:slug', async (req: Request<{ slug: string }>, res) => {
    const found = await bookingPage(sequelize, req.params.slug.slice(0, 63)).catch(() => null);
    if (!found) return notFound(res);
    const face = await faceFor(req, found.studio);
    if (req.query.paid) return sendPage(res, 200, renderBooked(face, 'paid'));
    if (req.query.cancelled) return sendPage(res, 200, renderBooked(face, 'payment_cancelled'));
    sendPage(
      res,
      200,
      renderBookingHome(
        face,
        req.params.slug,
        found.types.map((t) => pageType(found.studio, t)),
        found.minis.flatMap((m) => {
          const type = found.types.find((t) => t.session_type_id === m.session_type_id);
          return type ? [{ id: m.id, name: m.name, day: m.day, type: pageType(found.studio, type) }] : [];
        }),
      ),
    );
  });

  router.get('/portal/book/:slug/:sessionTypeId', async (req: SlugTypeRequest, res) => {
    const query = PageQuery.safeParse(req.query);
    await slotsPage(req, res, 200, query.success ? query.data : {});
  });

  router.post(
    '/portal/book/:slug/:sessionTypeId',
    ...bookingFormPost<{ slug: string; sessionTypeId: string }>(
      deps,
      (req, ask) => bookSlot(deps, req.params.slug.slice(0, 63), req.params.sessionTypeId, ask, req.requestId),
      slotsPage,
    ),
  );

  buildMiniDayPages(router, deps);
  buildContractPages(router, deps);
  return router;
}
