import { type S3Client } from '@aws-sdk/client-s3';
import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import { z } from 'zod';
import { type BookingStudioRow, type BookingTypeRow } from '../../db/queries/booking';
import { localDate, zonedInstant } from '../../domain/booking/local-time';
import { visitorLocale } from '../../domain/booking/visitor-locale';
import { fromMinorUnits } from '../../domain/money/currency';
import { ConflictError, DomainError } from '../../domain/errors';
import { ianaTimeZone } from '../../domain/time-zone';
import { bookSlot, findPublicType, type PublicBookingDeps } from '../../services/booking/book-slot';
import { bookingPage, publicSlots } from '../../services/booking/booking-page';
import { createFaceLoader, NO_FACE, sendPage } from '../client/face';
import { type PortalFace } from '../client/render-form';
import { rejectNulCharacters } from '../middleware/reject-nul';
import { limitWithPage } from './limit-with-page';
import { presentPublicType, presentSlots } from './presenter';
import { type PageType, renderBooked, renderBookingHome, renderBookingNotFound, renderSlots } from './render-booking';
import { HoldBody } from './schema';

export interface BookingPagesDeps extends PublicBookingDeps {
  s3: S3Client;
  bucket: string;
  bookLimit: RequestHandler;
}

const DAY_MS = 24 * 3600 * 1000;
/** Every IANA zone the runtime knows: the page's zone picker. */
const ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');

const pageType = (studio: BookingStudioRow, t: BookingTypeRow): PageType => {
  const shown = presentPublicType(studio, t);
  return {
    id: shown.id,
    name: shown.name,
    description: shown.description,
    duration_minutes: shown.duration_minutes,
    price: `${shown.price} ${shown.currency}`,
    deposit:
      shown.deposit_minor > 0
        ? `${fromMinorUnits(BigInt(shown.deposit_minor), shown.currency)} ${shown.currency}`
        : null,
  };
};

const PageQuery = z.object({
  tz: z.string().max(64).optional(),
  week: z.iso.date().optional(),
  start: z.iso.datetime({ offset: true }).optional(),
});

/** A 400's details (`[{ path, message }]`) as the form's problems by field. */
const problemsOf = (details: unknown): Record<string, string> =>
  Object.fromEntries(
    (Array.isArray(details) ? (details as { path?: unknown; message?: unknown }[]) : []).map((d) => [
      String(d.path),
      String(d.message),
    ]),
  );

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
  const loadFace = createFaceLoader(deps);
  const faceFor = async (req: Request, studio: BookingStudioRow): Promise<PortalFace> => {
    const face = await loadFace(studio.org_id, null);
    return { ...face, locale: visitorLocale(req.get('accept-language'), studio.locale) };
  };
  const notFound = (res: Response) => sendPage(res, 404, renderBookingNotFound(NO_FACE));
  /** A week of slots from `week` (or today) on the client's clock, and the form of `picked`. */
  async function slotsPage(
    req: SlugTypeRequest,
    res: Response,
    status: number,
    ask: {
      tz?: string;
      week?: string;
      start?: string;
      values?: Record<string, string>;
      problems?: Record<string, string>;
      taken?: boolean;
    },
  ) {
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
    const picked = ask.start && shown.some((s) => s.start === ask.start) ? ask.start : undefined;
    sendPage(
      res,
      status,
      renderSlots({
        face: await faceFor(req, studio),
        slug,
        type: pageType(studio, type),
        timeZone,
        studioTimeZone: studio.time_zone,
        zones: ZONES,
        slots: shown,
        week: { earlier: week > today ? shift(-7) : null, later: to.getTime() < windowEnd ? shift(7) : null },
        ...(picked
          ? {
              picked: {
                start: picked,
                values: ask.values ?? {},
                problems: ask.problems ?? {},
                onSite: type.location_kind === 'ON_SITE',
                postal: pageType(studio, type).deposit !== null,
              },
            }
          : {}),
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
      ),
    );
  });

  router.get('/portal/book/:slug/:sessionTypeId', async (req: SlugTypeRequest, res) => {
    const query = PageQuery.safeParse(req.query);
    await slotsPage(req, res, 200, query.success ? query.data : {});
  });

  const limited = limitWithPage<{ slug: string; sessionTypeId: string }>(deps.bookLimit);

  router.post(
    '/portal/book/:slug/:sessionTypeId',
    limited,
    express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 20 }),
    rejectNulCharacters,
    async (req: SlugTypeRequest, res) => {
      const body = (req.body ?? {}) as Record<string, string>;
      const values = Object.fromEntries(
        ['name', 'email', 'phone', 'address', 'street', 'zipcode', 'city', 'notes'].map((k) => [
          k,
          String(body[k] ?? ''),
        ]),
      );
      const tz = String(body.time_zone ?? '');
      const start = String(body.start ?? '');
      const parsed = HoldBody.safeParse({ ...values, start, time_zone: tz });
      if (!parsed.success) {
        const problems = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
        return slotsPage(req, res, 400, { tz, start, values, problems });
      }
      const { start: at, ...client } = parsed.data;
      try {
        const made = await bookSlot(
          deps,
          req.params.slug.slice(0, 63),
          req.params.sessionTypeId,
          { start: at, client, acceptLanguage: req.get('accept-language') },
          req.requestId,
        );
        if (made.checkoutUrl) return res.redirect(303, made.checkoutUrl);
        const found = await bookingPage(sequelize, req.params.slug.slice(0, 63));
        const face = await faceFor(req, found.studio);
        sendPage(res, 201, renderBooked(face, made.booking.status === 'PENDING' ? 'pending' : 'confirmed'));
      } catch (err) {
        if (err instanceof ConflictError && err.code === 'slot_taken')
          return slotsPage(req, res, 409, { tz, taken: true });
        if (err instanceof DomainError && err.code === 'validation_failed')
          return slotsPage(req, res, 400, { tz, start, values, problems: problemsOf(err.details) });
        if (err instanceof DomainError && err.code === 'not_found') return notFound(res);
        throw err;
      }
    },
  );

  return router;
}
