import {
  type ClassReminders,
  DEFAULT_TIMEZONE,
  type Language,
  REMINDERS_API,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { zonedDateTime, zoneOrDefault } from '../../lib/zoned-time';
import type { Mailer } from '../../mail/mailer';
import type { RemindedClass } from '../../mail/templates/class-reminder';
import type { NotifyInput } from '../notifications';
import { updateUserProfile } from '../users';
import { dueDigestWeek } from './reminder-schedule';
import type { AttendingRow, ReminderReads } from './reminders.context';
import { claimClassReminder, claimDigest, digestedFamilies } from './reminders.repository';
import { unsubscribeToken, userIdOfUnsubscribeToken } from './unsubscribe-token';

export type RemindersContext = {
  db: Db;
  /** Who is due a reminder or digest: a read model's queries, handed over by app.ts. */
  reads: ReminderReads;
  mailer: Mailer;
  /** Called after the claim has committed, so a rolled-back claim announced nothing. */
  notify: (input: NotifyInput) => Promise<unknown>;
  /** The server secret unsubscribe links are signed with. */
  secret: string;
  /** APP_URL: the origin mailed links are built from. */
  appUrl: string;
  /** How long before a class its reminder goes out. */
  leadMs: number;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
  /** Rows (one per child and class) read per batch; a sweep takes batches until none is left. */
  batchSize?: number;
};

const BATCH = 500;

const languageOf = (locale: string | null): Language => (locale === 'ja' ? 'ja' : 'en');

/** The one-click link that turns a family's reminders off. */
export function unsubscribeUrl(ctx: Pick<RemindersContext, 'secret' | 'appUrl'>, userId: number) {
  return `${ctx.appUrl.replace(/\/$/, '')}${REMINDERS_API.unsubscribe(unsubscribeToken(ctx.secret, userId))}`;
}

/** RFC 8058: mail clients show an unsubscribe button that posts to the link, no page opened. */
const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

type FamilyClass = { family: AttendingRow; klass: RemindedClass; klassId: number };

/** Rows of one child each, as one entry per class and family listing the children. */
function byClassAndFamily(rows: AttendingRow[]): FamilyClass[] {
  const groups = new Map<string, FamilyClass>();
  for (const row of rows) {
    const key = `${row.klassId}:${row.userId}`;
    const group = groups.get(key);
    if (group) {
      group.klass.attendees.push(row.attendee);
      continue;
    }
    groups.set(key, {
      family: row,
      klassId: row.klassId,
      klass: {
        programme: row.programme,
        startsAt: row.startsAt.toISOString(),
        attendees: [row.attendee],
        format: row.format,
        location: row.location,
        meetingUrl: row.format === 'online' ? row.meetingUrl : null,
      },
    });
  }
  return [...groups.values()];
}

function reminderNotice(
  klass: RemindedClass,
  zone: string,
  locale: Language,
): Pick<NotifyInput, 'title' | 'content'> {
  const when = zonedDateTime(new Date(klass.startsAt), zone, locale);
  return locale === 'ja'
    ? {
        title: `リマインダー: ${klass.programme}`,
        content: `${when} から ${klass.attendees.join('、')} さんのクラスがあります。`,
      }
    : {
        title: `Reminder: ${klass.programme}`,
        content: `${klass.attendees.join(', ')}: ${when}.`,
      };
}

/**
 * Reminds each family of each class its children attend that starts within the lead time
 * (docs/product.md#class-reminders): a mail, queued in the transaction that claims the
 * (class, family) pair, and a notification after it commits. Safe to run on several processes at
 * once: the claim's unique pair lets exactly one of them send. Answers how many were sent.
 */
export async function sendDueReminders(ctx: RemindersContext): Promise<number> {
  const batch = ctx.batchSize ?? BATCH;
  let sent = 0;
  for (;;) {
    const rows = await ctx.reads.dueClassReminders(ctx.db, ctx.now(), ctx.leadMs, batch);
    const groups = byClassAndFamily(rows);
    // A full batch may end in the middle of the last pair's children (rows come one per child):
    // that pair waits for the next batch, which starts with all of them.
    const whole = rows.length === batch && groups.length > 1 ? groups.slice(0, -1) : groups;
    for (const { family, klass, klassId } of whole) {
      const locale = languageOf(family.locale);
      const zone = zoneOrDefault(family.timezone, DEFAULT_TIMEZONE);
      const url = unsubscribeUrl(ctx, family.userId);
      const claimed = await ctx.db.transaction(async (tx) => {
        if (!(await claimClassReminder(tx, klassId, family.userId))) return false;
        await ctx.mailer.queue(tx, {
          to: family.email,
          locale,
          template: 'class_reminder',
          params: { name: family.name, klass, timeZone: zone, unsubscribeUrl: url },
          headers: unsubscribeHeaders(url),
        });
        return true;
      });
      if (!claimed) continue;
      sent += 1;
      await ctx
        .notify({
          recipientId: family.userId,
          senderId: null,
          ...reminderNotice(klass, zone, locale),
          record: { type: 'klasses', id: klassId },
        })
        .catch((err: unknown) =>
          ctx.log.warn({ err, klassId, userId: family.userId }, 'reminder notification failed'),
        );
    }
    if (rows.length < batch) break;
  }
  if (sent > 0) ctx.mailer.wake();
  return sent;
}

/**
 * Sends the weekly digest to each family that chose it and whose digest is due in its own zone
 * (Sunday 6 PM, docs/product.md#class-reminders): one mail listing the coming week's classes,
 * claimed per family and week like the reminders. No mail for a week without classes.
 */
export async function sendDueDigests(ctx: RemindersContext): Promise<number> {
  const now = ctx.now();
  const due = (await ctx.reads.digestFamilies(ctx.db)).flatMap((family) => {
    const week = dueDigestWeek(now, zoneOrDefault(family.timezone, DEFAULT_TIMEZONE));
    return week ? [{ userId: family.id, week }] : [];
  });
  if (due.length === 0) return 0;
  const done = await digestedFamilies(
    ctx.db,
    due.map((d) => d.userId),
    [...new Set(due.map((d) => d.week.weekStart))],
  );
  const waiting = due.filter((d) => !done.has(`${d.userId}:${d.week.weekStart}`));
  if (waiting.length === 0) return 0;
  const from = new Date(Math.min(...waiting.map((d) => d.week.from.getTime())));
  const to = new Date(Math.max(...waiting.map((d) => d.week.to.getTime())));
  const rows = await ctx.reads.digestClasses(
    ctx.db,
    waiting.map((d) => d.userId),
    from,
    to,
  );
  let sent = 0;
  for (const { userId, week } of waiting) {
    const own = byClassAndFamily(
      rows.filter((r) => r.userId === userId && r.startsAt >= week.from && r.startsAt < week.to),
    );
    const family = own[0]?.family;
    if (!family) continue;
    const locale = languageOf(family.locale);
    const url = unsubscribeUrl(ctx, userId);
    const claimed = await ctx.db.transaction(async (tx) => {
      if (!(await claimDigest(tx, userId, week.weekStart))) return false;
      await ctx.mailer.queue(tx, {
        to: family.email,
        locale,
        template: 'class_digest',
        params: {
          name: family.name,
          classes: own.map((c) => c.klass),
          timeZone: zoneOrDefault(family.timezone, DEFAULT_TIMEZONE),
          unsubscribeUrl: url,
        },
        headers: unsubscribeHeaders(url),
      });
      return true;
    });
    if (claimed) sent += 1;
  }
  if (sent > 0) ctx.mailer.wake();
  return sent;
}

/** One sweep: the reminders due, then the digests due. */
export async function sweepReminders(ctx: RemindersContext) {
  const reminders = await sendDueReminders(ctx);
  const digests = await sendDueDigests(ctx);
  return { reminders, digests };
}

/** The account an unsubscribe link is for, or null for a forged, broken or orphaned link. */
export async function unsubscribeTarget(
  ctx: Pick<RemindersContext, 'db' | 'reads' | 'secret'>,
  token: string,
): Promise<{ id: number; locale: Language; classReminders: ClassReminders } | null> {
  const userId = userIdOfUnsubscribeToken(ctx.secret, token);
  if (userId === null) return null;
  const family = await ctx.reads.findFamily(ctx.db, userId);
  return family ? { ...family, locale: languageOf(family.locale) } : null;
}

/** Turns the family's reminders (and digest) off; false when the link is not valid. */
export async function unsubscribe(
  ctx: Pick<RemindersContext, 'db' | 'reads' | 'secret' | 'now'>,
  token: string,
): Promise<{ locale: Language } | null> {
  const family = await unsubscribeTarget(ctx, token);
  if (!family) return null;
  if (family.classReminders !== 'off') {
    await updateUserProfile(ctx.db, family.id, { classReminders: 'off' }, ctx.now());
  }
  return { locale: family.locale };
}
