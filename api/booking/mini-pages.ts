import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import { ianaTimeZone } from '../../domain/time-zone';
import { bookMiniSlot, joinMiniWaitlist, miniSessionPage } from '../../services/booking/mini-sessions';
import { sendPage } from '../client/face';
import { rejectNulCharacters } from '../middleware/reject-nul';
import { limitWithPage } from './limit-with-page';
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
import { renderBooked, renderSlots } from './render-booking';
import { HoldBody } from './schema';

type MiniRequest = Request<{ slug: string; eventId: string }>;

const MiniQuery = z.object({
  tz: z.string().max(64).optional(),
  start: z.iso.datetime({ offset: true }).optional(),
});

/** What joining a waitlist asks, as the JSON route's body. */
const WaitlistForm = HoldBody.pick({ name: true, email: true, phone: true, time_zone: true });

/**
 * The public pages of a mini-session day (issue 45 §2), beside a session type's: the day's free
 * slots on the client's clock (the studio's time on each), the form of the slot picked, booked as
 * any booking; a full day shows its waitlist's form instead. Listed on the studio's booking page.
 */
export function buildMiniDayPages(router: Router, deps: BookingPagesDeps): void {
  const { sequelize } = deps;
  const { faceFor, notFound } = createPageFaces(deps);

  async function dayPage(req: MiniRequest, res: Response, status: number, ask: PageAsk & { joining?: boolean }) {
    const { slug, eventId } = req.params;
    const found = await miniSessionPage(sequelize, slug.slice(0, 63), eventId).catch(() => null);
    if (!found) return notFound(res);
    const { studio, type, event, free } = found;
    const timeZone = (ask.tz && ianaTimeZone(ask.tz)) || event.time_zone;
    const shown = presentSlots(free, timeZone, studio.time_zone).slots;
    const shownType = pageType(studio, type);
    sendPage(
      res,
      status,
      renderSlots({
        face: await faceFor(req, studio),
        slug,
        path: `/portal/book/${encodeURIComponent(slug)}/mini/${event.id}`,
        heading: `${event.name} · ${event.day}`,
        type: { ...shownType, duration_minutes: event.slot_minutes },
        timeZone,
        studioTimeZone: studio.time_zone,
        zones: ZONES,
        slots: shown,
        week: { earlier: null, later: null },
        ...pickedForm(shown, ask, type, shownType),
        ...(ask.taken ? { taken: true } : {}),
        ...(shown.length === 0
          ? { waitlist: { values: ask.joining ? (ask.values ?? {}) : {}, problems: ask.problems ?? {} } }
          : {}),
      }),
    );
  }

  router.get('/portal/book/:slug/mini/:eventId', async (req: MiniRequest, res) => {
    const query = MiniQuery.safeParse(req.query);
    await dayPage(req, res, 200, query.success ? query.data : {});
  });

  router.post(
    '/portal/book/:slug/mini/:eventId',
    ...bookingFormPost<{ slug: string; eventId: string }>(
      deps,
      (req, ask) => bookMiniSlot(deps, req.params.slug.slice(0, 63), req.params.eventId, ask, req.requestId),
      dayPage,
    ),
  );

  router.post(
    '/portal/book/:slug/mini/:eventId/waitlist',
    limitWithPage<{ slug: string; eventId: string }>(deps.bookLimit),
    express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 10 }),
    rejectNulCharacters,
    async (req: MiniRequest, res) => {
      const body = (req.body ?? {}) as Record<string, string>;
      const values = Object.fromEntries(['name', 'email', 'phone'].map((k) => [k, String(body[k] ?? '')]));
      const tz = String(body.time_zone ?? '');
      const parsed = WaitlistForm.safeParse({ ...values, time_zone: tz });
      if (!parsed.success) {
        const problems = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
        return dayPage(req, res, 400, { tz, values, problems, joining: true });
      }
      const found = await miniSessionPage(sequelize, req.params.slug.slice(0, 63), req.params.eventId).catch(
        () => null,
      );
      if (!found) return notFound(res);
      await joinMiniWaitlist(sequelize, req.params.slug.slice(0, 63), req.params.eventId, parsed.data, req.requestId);
      sendPage(res, 201, renderBooked(await faceFor(req, found.studio), 'waitlisted'));
    },
  );
}
