import {
  DEFAULT_LANGUAGE,
  DEFAULT_TIMEZONE,
  type KlassStatus,
  type Language,
  type UnitType,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { localDate } from '../../lib/local-date';
import { inLanguage } from '../../lib/translated-content';
import { groupBy } from './classes.context';
import type { ImageUrls } from './classes.resources';
import { klassGroupRowsByIds } from './klass-groups.repository';
import {
  addonRowsOfSchedules,
  klassRowsOfSchedules,
  planLinksOfSchedules,
  scheduleRowsByIds,
} from './schedules.repository';

// What the cart needs to know of the schedules it books, read in batches. Written for the cart
// module (owned by the cart engineer): the cart calls these services, never the repositories.

/** A schedule as the cart shows and prices it. */
export type CartSchedule = {
  id: number;
  name: string;
  timeZone: string;
  startDate: string;
  endDate: string;
  /** Its programme is published and its run is not over at the school: it may be booked. */
  bookable: boolean;
  /** Whether its programme is published (a run that is not bookable but published is over). */
  published: boolean;
  /** Seats in all; the enrollments module counts those taken. */
  capacity: number;
  klassGroup: {
    id: number;
    name: string;
    slug: string;
    imageUrl: string | null;
    thumbUrl: string | null;
    minAge: number | null;
    maxAge: number | null;
  };
  /** The plans it offers, in the order they were offered: the first is the default. */
  plans: {
    linkId: number;
    id: number;
    name: string;
    basePrice: number;
    unitPrice: number;
    unitType: UnitType;
  }[];
  addons: { id: number; name: string; price: number }[];
  /** Sessions not cancelled starting at or after the instant asked about. */
  klassesAhead: { startsAt: Date; status: KlassStatus }[];
};

/**
 * The schedules with these ids that exist (unknown ids are left out), with programme, plans,
 * add-ons and the sessions ahead of `now`: five queries whatever the number of schedules. Names
 * are in `language` where the school wrote one (docs/architecture.md#translated-content); an
 * order's snapshot asks for the default language, the one its records keep.
 */
export async function cartSchedulesByIds(
  deps: { db: Db; urls: ImageUrls },
  ids: number[],
  now: Date,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Map<number, CartSchedule>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const [schedules, links, addons, klasses] = await Promise.all([
    scheduleRowsByIds(deps.db, unique),
    planLinksOfSchedules(deps.db, unique),
    addonRowsOfSchedules(deps.db, unique),
    klassRowsOfSchedules(deps.db, unique, { startingFrom: now, scheduledOnly: true }),
  ]);
  const groups = new Map(
    (await klassGroupRowsByIds(deps.db, [...new Set(schedules.map((s) => s.klassGroupId))])).map(
      (g) => [g.id, g],
    ),
  );
  const linksBySchedule = groupBy(links, (l) => l.link.scheduleId);
  const addonsBySchedule = groupBy(addons, (a) => a.scheduleId);
  const klassesBySchedule = groupBy(klasses, (k) => k.scheduleId);
  // The catalogue's rule (classes.loader schoolToday): a run is over after its end date there.
  const schoolToday = localDate(now, DEFAULT_TIMEZONE);
  const out = new Map<number, CartSchedule>();
  for (const row of schedules) {
    const s = inLanguage(row, language, ['name']);
    const found = groups.get(s.klassGroupId);
    if (!found) continue;
    const group = inLanguage(found, language, ['name']);
    const image = group.imageKey ? deps.urls(group.imageKey) : null;
    out.set(s.id, {
      id: s.id,
      name: s.name,
      timeZone: s.timeZone,
      startDate: s.startDate,
      endDate: s.endDate,
      bookable: group.published && s.endDate >= schoolToday,
      published: group.published,
      capacity: s.capacity,
      klassGroup: {
        id: group.id,
        name: group.name,
        slug: group.slug,
        imageUrl: image?.url ?? null,
        thumbUrl: image?.thumbUrl ?? null,
        minAge: group.minAge,
        maxAge: group.maxAge,
      },
      plans: (linksBySchedule.get(s.id) ?? []).map(({ link, plan: written }) => {
        const plan = inLanguage(written, language, ['name']);
        return {
          linkId: link.id,
          id: plan.id,
          name: plan.name,
          basePrice: plan.basePrice,
          unitPrice: plan.unitPrice,
          unitType: plan.unitType,
        };
      }),
      addons: (addonsBySchedule.get(s.id) ?? []).map((a) => ({
        id: a.id,
        name: inLanguage(a, language, ['name']).name,
        price: a.price,
      })),
      klassesAhead: (klassesBySchedule.get(s.id) ?? []).map((k) => ({
        startsAt: k.startsAt,
        status: k.status,
      })),
    });
  }
  return out;
}

/** Ids of the add-ons a schedule offers (one query). */
export async function addonIdsOfSchedule(db: Db, scheduleId: number): Promise<Set<number>> {
  const rows = await addonRowsOfSchedules(db, [scheduleId]);
  return new Set(rows.map((a) => a.id));
}
