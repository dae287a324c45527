import { DEFAULT_LANGUAGE, type Language } from '@atelier/contract';
import { DateTime } from 'luxon';
import { isLanguage } from '../../lib/request-language';
import { inLanguage } from '../../lib/translated-content';
import type { NotifyInput } from '../notifications';
import type { ClassesContext } from './classes.context';
import { nextKlassOfSchedule, scheduleHeading } from './schedules.repository';

/** What telling families needs: the database and who is enrolled (a read app.ts provides). */
export type NoticeContext = Pick<ClassesContext, 'db' | 'familiesEnrolledIn'>;

/** What changed about a session, as the families are told (docs/product.md#routes-and-screens, "Notifications dialog"). */
export type KlassChange =
  | { kind: 'cancelled'; startsAt: Date }
  | { kind: 'restored'; startsAt: Date }
  | { kind: 'moved'; from: Date; to: Date };

/** The change `updateKlass` made, or null when nothing a family would care about changed. */
export function klassChange(
  before: { startsAt: Date; status: string },
  after: { startsAt: Date; status: string },
): KlassChange | null {
  if (before.status !== after.status) {
    return after.status === 'cancelled'
      ? { kind: 'cancelled', startsAt: after.startsAt }
      : { kind: 'restored', startsAt: after.startsAt };
  }
  if (after.status === 'cancelled') return null;
  if (before.startsAt.getTime() === after.startsAt.getTime()) return null;
  return { kind: 'moved', from: before.startsAt, to: after.startsAt };
}

// The zone is named ("10:00 AM EST"): a family reading the notice elsewhere, or across a
// daylight-saving change, must not take the schedule's local time for its own.
const when = (at: Date, zone: string, ja: boolean) =>
  DateTime.fromJSDate(at)
    .setZone(zone)
    .setLocale(ja ? 'ja' : 'en')
    .toLocaleString({ ...DateTime.DATETIME_MED_WITH_WEEKDAY, timeZoneName: 'short' });

function notice(
  change: KlassChange,
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

/** The family's account language, or the default when the account names none of ours. */
const languageOf = (family: { locale: string | null }): Language =>
  isLanguage(family.locale) ? family.locale : DEFAULT_LANGUAGE;

/**
 * The schedule's zone, and the families with a child actively enrolled in it, each with its
 * language and the programme's name in that language (docs/architecture.md#translated-content).
 */
async function scheduleAudience(ctx: NoticeContext, scheduleId: number) {
  const schedule = await scheduleHeading(ctx.db, scheduleId);
  if (!schedule) return null;
  const enrolled = (await ctx.familiesEnrolledIn?.(scheduleId)) ?? [];
  const families = enrolled.map((family) => {
    const language = languageOf(family);
    return {
      id: family.id,
      ja: language === 'ja',
      programme: inLanguage(schedule.programme, language, ['name']).name,
    };
  });
  return { zone: schedule.zone, families };
}

/**
 * Tells every family, even when telling one fails (its notice is lost, not the others'); the first
 * failure is thrown afterwards, for the caller to log, as class messages do per family.
 */
async function notifyEach<F>(families: F[], tell: (family: F) => Promise<unknown>): Promise<void> {
  let failed: { error: unknown } | null = null;
  for (const family of families) {
    try {
      await tell(family);
    } catch (error) {
      failed ??= { error };
    }
  }
  if (failed) throw failed.error;
}

/**
 * Tells each family with a child actively enrolled in the schedule that one of its sessions was
 * cancelled, restored or moved, in the family's language and the schedule's time zone, named. Run after
 * the change has committed; one notice per family, however many of its children attend.
 */
export async function tellFamiliesOfKlassChange(
  ctx: NoticeContext,
  notify: (input: NotifyInput) => Promise<unknown>,
  klass: { id: number; scheduleId: number },
  change: KlassChange,
  senderId: number | null,
): Promise<number> {
  const audience = await scheduleAudience(ctx, klass.scheduleId);
  if (!audience) return 0;
  const { families, zone } = audience;
  await notifyEach(families, (family) =>
    notify({
      recipientId: family.id,
      senderId,
      ...notice(change, family.programme, zone, family.ja),
      record: { type: 'klasses', id: klass.id },
    }),
  );
  return families.length;
}

// A schedule's pattern edited (docs/decisions/043-attendance-and-pattern-edit-notices.md)

type Times = { startsAt: Date; endsAt: Date };

/** What an edit of a schedule's pattern did to its upcoming sessions (schedules.service.ts). */
export type PatternChange = {
  moved: { id: number; from: Times; to: Times }[];
  dropped: ({ id: number } & Times)[];
  added: ({ id: number } & Times)[];
};

/** How many changes a notice spells out; the rest are counted ("and 3 more"). */
export const PATTERN_NOTICE_MAX_ITEMS = 5;

const whenWithoutZone = (at: Date, zone: string, ja: boolean) =>
  DateTime.fromJSDate(at)
    .setZone(zone)
    .setLocale(ja ? 'ja' : 'en')
    .toLocaleString(DateTime.DATETIME_MED_WITH_WEEKDAY);

const timeOnly = (at: Date, zone: string, ja: boolean) =>
  DateTime.fromJSDate(at)
    .setZone(zone)
    .setLocale(ja ? 'ja' : 'en')
    .toLocaleString({ ...DateTime.TIME_SIMPLE, timeZoneName: 'short' });

function patternNotice(
  change: PatternChange,
  programme: string,
  zone: string,
  ja: boolean,
): Pick<NotifyInput, 'title' | 'content'> {
  // The start carries the date; the zone is named once, after the end.
  const range = (t: Times) =>
    `${whenWithoutZone(t.startsAt, zone, ja)} – ${timeOnly(t.endsAt, zone, ja)}`;
  const items = [
    ...change.moved.map((m) => ({
      at: m.to.startsAt,
      text: ja
        ? `${range(m.from)} の回は ${range(m.to)} に変更`
        : `${range(m.from)} is now ${range(m.to)}`,
    })),
    ...change.dropped.map((d) => ({
      at: d.startsAt,
      text: ja ? `${range(d)} の回は休講` : `${range(d)} will not take place`,
    })),
    ...change.added.map((a) => ({
      at: a.startsAt,
      text: ja ? `${range(a)} の回を追加` : `new session on ${range(a)}`,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  const shown = items.slice(0, PATTERN_NOTICE_MAX_ITEMS).map((i) => i.text);
  const more = items.length - shown.length;
  if (ja) {
    return {
      title: `${programme} の日程が変わりました`,
      content: `${shown.join('、')}${more > 0 ? `、ほか${more}件` : ''}。カレンダーでご確認ください。`,
    };
  }
  const list = shown.map((text, i) =>
    i === 0 ? text.charAt(0).toUpperCase() + text.slice(1) : text,
  );
  return {
    title: `${programme}: the class schedule has changed`,
    content: `${list.join('; ')}${more > 0 ? `; and ${more} more change${more === 1 ? '' : 's'}` : ''}. See your calendar for every session.`,
  };
}

/** The session a notice points at: the first one changed that still exists, or the next one. */
async function noticeKlassId(
  ctx: NoticeContext,
  scheduleId: number,
  change: PatternChange,
  now: Date,
): Promise<number | null> {
  const kept = [
    ...change.moved.map((m) => ({ id: m.id, at: m.to.startsAt })),
    ...change.added.map((a) => ({ id: a.id, at: a.startsAt })),
  ];
  kept.sort((a, b) => a.at.getTime() - b.at.getTime());
  if (kept[0]) return kept[0].id;
  const next = await nextKlassOfSchedule(ctx.db, scheduleId, now);
  return next?.id ?? change.dropped[0]?.id ?? null;
}

/**
 * After an edit of a schedule's pattern has committed: one notice per family with a child
 * actively enrolled, in its language and the schedule's time zone, summing up every upcoming
 * session moved, dropped or added (the first few spelled out). Nothing when no upcoming session
 * changed. Answers how many families were told.
 */
export async function tellFamiliesOfPatternChange(
  ctx: NoticeContext,
  notify: (input: NotifyInput) => Promise<unknown>,
  scheduleId: number,
  change: PatternChange,
  senderId: number | null,
  now: Date,
): Promise<number> {
  if (change.moved.length + change.dropped.length + change.added.length === 0) return 0;
  const audience = await scheduleAudience(ctx, scheduleId);
  if (!audience || audience.families.length === 0) return 0;
  const klassId = await noticeKlassId(ctx, scheduleId, change, now);
  if (klassId === null) return 0;
  await notifyEach(audience.families, (family) =>
    notify({
      recipientId: family.id,
      senderId,
      ...patternNotice(change, family.programme, audience.zone, family.ja),
      record: { type: 'klasses', id: klassId },
    }),
  );
  return audience.families.length;
}
