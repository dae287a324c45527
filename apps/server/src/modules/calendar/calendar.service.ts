import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type CalendarDocument,
  type CalendarFeedDocument,
  type CalendarKlassGroupResource,
  type CalendarKlassResource,
  CLASSES_API,
  type Language,
  uniqueIncluded,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { type CalendarEntry, klassesConcerning, type Viewer } from '../classes';
import { familyActedForBy } from '../family';
import { peopleByIds } from '../users';
import {
  deleteFeedRow,
  type FeedRow,
  findFeedOwner,
  findFeedRow,
  touchFeedRow,
  upsertFeedRow,
} from './calendar.repository';
import { type IcalEvent, renderCalendar } from './ical';

export type CalendarDeps = {
  db: Db;
  /** Absolute origin of the app, for feed URLs and event UIDs. */
  appUrl: string;
  /** Server secret the feed tokens are derived from. */
  secret: string;
  schoolName: string;
  imageUrls: (key: string) => { url: string; thumbUrl: string };
  now?: () => Date;
};

/** How far back and ahead a calendar feed reaches. */
export const FEED_WINDOW = { pastDays: 60, futureDays: 400 };
const DAY_MS = 86_400_000;

// Feed tokens: the URL carries HMAC(secret, nonce). Only the nonce and the token's SHA-256 are
// stored, so the database alone yields no working URL, yet the owner can be shown their URL again.
const tokenOf = (secret: string, nonce: string) =>
  createHmac('sha256', secret).update(`calendar-feed:v1:${nonce}`).digest('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

function feedUrl(deps: CalendarDeps, row: FeedRow): string | null {
  const token = tokenOf(deps.secret, row.nonce);
  const expected = Buffer.from(row.tokenHash, 'hex');
  const actual = Buffer.from(hashOf(token), 'hex');
  // After a secret rotation the stored hash no longer matches what we can derive: the old URL
  // still works (lookups use the hash), but we cannot show it; the user makes a new one.
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return `${deps.appUrl}${CLASSES_API.calendarIcs(token)}`;
}

const feedDocument = (
  deps: CalendarDeps,
  userId: number,
  row: FeedRow | undefined,
): CalendarFeedDocument => ({
  data: {
    id: String(userId),
    type: 'calendar_feeds',
    attributes: {
      url: row ? feedUrl(deps, row) : null,
      created_at: row ? row.createdAt.toISOString() : null,
    },
  },
});

/** The user's feed URL, or null when they have none. */
export async function getFeed(deps: CalendarDeps, userId: number): Promise<CalendarFeedDocument> {
  return feedDocument(deps, userId, await findFeedRow(deps.db, userId));
}

/** Makes a new feed URL; the previous one (if any) stops working. */
export async function regenerateFeed(
  deps: CalendarDeps,
  userId: number,
): Promise<CalendarFeedDocument> {
  const nonce = randomBytes(32).toString('base64url');
  const row = await upsertFeedRow(deps.db, {
    userId,
    nonce,
    tokenHash: hashOf(tokenOf(deps.secret, nonce)),
  });
  return feedDocument(deps, userId, row);
}

export async function revokeFeed(deps: CalendarDeps, userId: number): Promise<void> {
  await deleteFeedRow(deps.db, userId);
}

function calendarKlass(entry: CalendarEntry): CalendarKlassResource {
  const { klass, schedule, group } = entry;
  return {
    id: String(klass.id),
    type: 'klasses',
    attributes: {
      klass_group_id: String(group.id),
      klass_group_schedule_id: String(schedule.id),
      starts_at: klass.startsAt.toISOString(),
      ends_at: klass.endsAt.toISOString(),
      status: klass.status,
      title: group.name,
      schedule_name: schedule.name,
      format: group.format,
      location: group.location,
      room: entry.room,
      meeting_url: entry.meetingUrl,
      teacher_name: entry.teacherName,
      attendee_names: entry.attendeeNames,
      time_zone: schedule.timeZone,
    },
    relationships: {
      klass_group: { data: { id: String(group.id), type: 'klass_groups' } },
      klass_group_schedule: { data: { id: String(schedule.id), type: 'klass_group_schedules' } },
    },
  };
}

/** The sessions in [from, to) that concern the signed-in user, for /classes. */
export async function calendarDocument(
  deps: CalendarDeps,
  viewer: Viewer,
  range: { from: string; to: string },
  language: Language,
): Promise<CalendarDocument> {
  const entries = await klassesConcerning(
    deps.db,
    viewer,
    { from: new Date(range.from), to: new Date(range.to) },
    language,
  );
  const groups = entries.map(({ group }): CalendarKlassGroupResource => {
    const image = group.imageKey ? deps.imageUrls(group.imageKey) : null;
    return {
      id: String(group.id),
      type: 'klass_groups',
      attributes: {
        name: group.name,
        slug: group.slug,
        description: group.description,
        audience: group.audience,
        format: group.format,
        location: group.location,
        min_age: group.minAge,
        max_age: group.maxAge,
        trial_price: group.trialPrice,
        image_url: image?.url ?? null,
        thumb_url: image?.thumbUrl ?? null,
      },
    };
  });
  return {
    data: entries.map(calendarKlass),
    included: uniqueIncluded(groups),
    meta: { total: entries.length },
  };
}

function icalEvent(host: string, entry: CalendarEntry): IcalEvent {
  const { klass, schedule, group } = entry;
  const about = [
    schedule.name,
    entry.teacherName && `Teacher: ${entry.teacherName}`,
    entry.attendeeNames.length > 0 && `Attending: ${entry.attendeeNames.join(', ')}`,
    entry.meetingUrl && `Join online: ${entry.meetingUrl}`,
  ].filter(Boolean);
  return {
    uid: `klass-${klass.id}@${host}`,
    start: klass.startsAt,
    end: klass.endsAt,
    summary: klass.status === 'cancelled' ? `Cancelled: ${group.name}` : group.name,
    description: about.join('\n'),
    // In person: the room, then the address, as one place a calendar app can show.
    location:
      group.format === 'online'
        ? (entry.meetingUrl ?? 'Online')
        : [entry.room, group.location].filter(Boolean).join(', ') || null,
    url: entry.meetingUrl,
    status: klass.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
    lastModified: klass.updatedAt,
  };
}

/** The iCalendar text of a feed token; 404 for an unknown or revoked token. */
export async function icsForToken(deps: CalendarDeps, token: string): Promise<string> {
  const owner = await findFeedOwner(deps.db, hashOf(token));
  // The role, language and family are read on every fetch: a feed follows their changes, and a
  // guardian removed from a family sees none of its classes from then on.
  const person = owner ? (await peopleByIds(deps.db, [owner.userId])).get(owner.userId) : undefined;
  const role = person?.role;
  if (!owner || !role) throw notFound('Calendar');
  const now = deps.now?.() ?? new Date();
  const entries = await klassesConcerning(
    deps.db,
    { id: await familyActedForBy(deps.db, owner.userId), role },
    {
      from: new Date(now.getTime() - FEED_WINDOW.pastDays * DAY_MS),
      to: new Date(now.getTime() + FEED_WINDOW.futureDays * DAY_MS),
    },
    person?.locale ?? 'en',
  );
  await touchFeedRow(deps.db, owner.userId, now);
  const host = new URL(deps.appUrl).hostname;
  return renderCalendar({
    productId: '-//Atelier//Classes//EN',
    name: `${deps.schoolName} classes`,
    stamp: now,
    events: entries.map((e) => icalEvent(host, e)),
  });
}
