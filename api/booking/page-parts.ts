import { type S3Client } from '@aws-sdk/client-s3';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { type BookingStudioRow, type BookingTypeRow } from '../../db/queries/booking';
import { visitorLocale } from '../../domain/booking/visitor-locale';
import { ConflictError, DomainError } from '../../domain/errors';
import { fromMinorUnits } from '../../domain/money/currency';
import { type BookedSlot, type BookingAsk } from '../../services/booking/book-slot';
import { type BookingContractDeps } from '../../services/booking/booking-contract';
import { bookingPage } from '../../services/booking/booking-page';
import { createFaceLoader, NO_FACE, sendPage } from '../client/face';
import { type PortalFace } from '../client/render-form';
import { rejectNulCharacters } from '../middleware/reject-nul';
import { limitWithPage } from './limit-with-page';
import { presentPublicType } from './presenter';
import { type PageType, renderBooked, renderBookingNotFound } from './render-booking';
import { HoldBody } from './schema';

export interface BookingPagesDeps extends BookingContractDeps {
  s3: S3Client;
  bucket: string;
  bookLimit: RequestHandler;
}

/** Every IANA zone the runtime knows: the pages' zone picker. */
export const ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');

/** A session type as the pages show it: its length, price and deposit in the studio's currency. */
export const pageType = (studio: BookingStudioRow, t: BookingTypeRow): PageType => {
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

/** A 400's details (`[{ path, message }]`) as the form's problems by field. */
export const problemsOf = (details: unknown): Record<string, string> =>
  Object.fromEntries(
    (Array.isArray(details) ? (details as { path?: unknown; message?: unknown }[]) : []).map((d) => [
      String(d.path),
      String(d.message),
    ]),
  );

/** The visitor's face (the studio's name and logo, in the visitor's language) and the pages' 404. */
export function createPageFaces(deps: BookingPagesDeps) {
  const loadFace = createFaceLoader(deps);
  const faceFor = async (req: Request, studio: BookingStudioRow): Promise<PortalFace> => {
    const face = await loadFace(studio.org_id, null);
    return { ...face, locale: visitorLocale(req.get('accept-language'), studio.locale) };
  };
  const notFound = (res: Response) => sendPage(res, 404, renderBookingNotFound(NO_FACE));
  return { faceFor, notFound };
}

/** What a slots page shows again after a post: the zone, the slot picked, the answers and what was wrong. */
export interface PageAsk {
  tz?: string;
  week?: string;
  start?: string;
  values?: Record<string, string>;
  problems?: Record<string, string>;
  taken?: boolean;
}

/**
 * The form of the slot the client picked, when it is one of those shown: their answers and what was
 * wrong, and the fields the type asks (the shoot's address on site, a postal address with a deposit).
 */
export const pickedForm = (
  shown: readonly { start: string }[],
  ask: PageAsk,
  type: BookingTypeRow,
  shownType: PageType,
) =>
  ask.start && shown.some((s) => s.start === ask.start)
    ? {
        picked: {
          start: ask.start,
          values: ask.values ?? {},
          problems: ask.problems ?? {},
          onSite: type.location_kind === 'ON_SITE',
          postal: shownType.deposit !== null,
        },
      }
    : {};

/** The form fields of a client's booking, as posted (strings, empty when absent). */
export const CLIENT_FIELDS = ['name', 'email', 'phone', 'address', 'street', 'zipcode', 'city', 'notes'] as const;

/**
 * The post of a booking form (a type's slot or a mini-session day's): parsed as the JSON route's
 * body, booked by `book`, then the client is sent to pay the deposit or shown the outcome; a slot
 * taken meanwhile shows the slots again (409), a problem the form with it (400).
 */
export function bookingFormPost<P extends { slug: string }>(
  deps: BookingPagesDeps,
  book: (req: Request<P>, ask: BookingAsk) => Promise<BookedSlot>,
  again: (req: Request<P>, res: Response, status: number, ask: PageAsk) => Promise<unknown>,
): RequestHandler<P>[] {
  const { faceFor, notFound } = createPageFaces(deps);
  const handler: RequestHandler<P> = async (req, res) => {
    const body = (req.body ?? {}) as Record<string, string>;
    const values = Object.fromEntries(CLIENT_FIELDS.map((k) => [k, String(body[k] ?? '')]));
    const tz = String(body.time_zone ?? '');
    const start = String(body.start ?? '');
    const parsed = HoldBody.safeParse({ ...values, start, time_zone: tz });
    if (!parsed.success) {
      const problems = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
      return again(req, res, 400, { tz, start, values, problems });
    }
    const { start: at, ...client } = parsed.data;
    try {
      const made = await book(req, { start: at, client, acceptLanguage: req.get('accept-language') });
      if (made.checkoutUrl) return res.redirect(303, made.checkoutUrl);
      // Held without a checkout: the contract to sign first (api/booking/contract-pages.ts).
      if (made.booking.status === 'HELD')
        return res.redirect(303, `/portal/booking/${encodeURIComponent(made.token)}/sign`);
      const found = await bookingPage(deps.sequelize, req.params.slug.slice(0, 63));
      const face = await faceFor(req as Request, found.studio);
      sendPage(res, 201, renderBooked(face, made.booking.status === 'PENDING' ? 'pending' : 'confirmed'));
    } catch (err) {
      if (err instanceof ConflictError && err.code === 'slot_taken') return again(req, res, 409, { tz, taken: true });
      if (err instanceof DomainError && err.code === 'validation_failed')
        return again(req, res, 400, { tz, start, values, problems: problemsOf(err.details) });
      if (err instanceof DomainError && err.code === 'not_found') return notFound(res);
      throw err;
    }
  };
  return [
    limitWithPage<P>(deps.bookLimit),
    express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 20 }) as unknown as RequestHandler<P>,
    rejectNulCharacters as unknown as RequestHandler<P>,
    handler,
  ];
}
