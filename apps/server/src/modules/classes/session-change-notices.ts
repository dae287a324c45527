import { and, eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../../db/client';
import { enrollments } from '../enrollments/enrollments.tables';
import type { NotifyInput } from '../notifications';
import { attendeeProfiles, users } from '../users/users.tables';
import { klassGroupSchedules, klassGroups } from './classes.tables';

/** What changed about a session, as the families are told (docs/product.md#routes-and-screens, "Notifications dialog"). */
export type SessionChange =
  | { kind: 'cancelled'; startsAt: Date }
  | { kind: 'restored'; startsAt: Date }
  | { kind: 'moved'; from: Date; to: Date };

/** The change `updateKlass` made, or null when nothing a family would care about changed. */
export function sessionChange(
  before: { startsAt: Date; status: string },
  after: { startsAt: Date; status: string },
): SessionChange | null {
  if (before.status !== after.status) {
    return after.status === 'cancelled'
      ? { kind: 'cancelled', startsAt: after.startsAt }
      : { kind: 'restored', startsAt: after.startsAt };
  }
  if (after.status === 'cancelled') return null;
  if (before.startsAt.getTime() === after.startsAt.getTime()) return null;
  return { kind: 'moved', from: before.startsAt, to: after.startsAt };
}

const when = (at: Date, zone: string, ja: boolean) =>
  DateTime.fromJSDate(at)
    .setZone(zone)
    .setLocale(ja ? 'ja' : 'en')
    .toLocaleString(DateTime.DATETIME_MED_WITH_WEEKDAY);

function notice(
  change: SessionChange,
  programme: string,
  zone: string,
  ja: boolean,
): Pick<NotifyInput, 'title' | 'content'> {
  const at = (d: Date) => when(d, zone, ja);
  switch (change.kind) {
    case 'cancelled':
      return ja
        ? {
            title: `${programme} の回が休講になりました`,
            content: `${at(change.startsAt)} の回は休講です。`,
          }
        : {
            title: `${programme}: a session is cancelled`,
            content: `The session of ${at(change.startsAt)} will not take place.`,
          };
    case 'restored':
      return ja
        ? {
            title: `${programme} の回が再開されます`,
            content: `${at(change.startsAt)} の回は予定どおり行います。`,
          }
        : {
            title: `${programme}: a session is back on`,
            content: `The session of ${at(change.startsAt)} takes place after all.`,
          };
    case 'moved':
      return ja
        ? {
            title: `${programme} の回の日時が変わりました`,
            content: `${at(change.from)} の回は ${at(change.to)} に変更になりました。`,
          }
        : {
            title: `${programme}: a session has moved`,
            content: `The session of ${at(change.from)} is now on ${at(change.to)}.`,
          };
  }
}

/**
 * Tells each family with a child actively enrolled in the schedule that one of its sessions was
 * cancelled, restored or moved, in the family's language and the schedule's time zone. Run after
 * the change has committed; one notice per family, however many of its children attend.
 */
export async function tellFamiliesOfSessionChange(
  db: Db,
  notify: (input: NotifyInput) => Promise<unknown>,
  session: { id: number; scheduleId: number },
  change: SessionChange,
  senderId: number | null,
): Promise<number> {
  const [schedule] = await db
    .select({ zone: klassGroupSchedules.timeZone, programme: klassGroups.name })
    .from(klassGroupSchedules)
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .where(eq(klassGroupSchedules.id, session.scheduleId));
  if (!schedule) return 0;
  const families = await db
    .selectDistinct({ id: users.id, locale: users.locale })
    .from(enrollments)
    .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, enrollments.attendeeProfileId))
    .innerJoin(users, eq(users.id, attendeeProfiles.userId))
    .where(
      and(eq(enrollments.scheduleId, session.scheduleId), inArray(enrollments.status, ['active'])),
    );
  for (const family of families) {
    await notify({
      recipientId: family.id,
      senderId,
      ...notice(change, schedule.programme, schedule.zone, family.locale === 'ja'),
      record: { type: 'klasses', id: session.id },
    });
  }
  return families.length;
}
