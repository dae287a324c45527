import type { Language } from '@atelier/contract';
import { zonedDateTime } from '../../lib/zoned-time';
import { type MailBody, type MailContext, renderBody } from './layout';

/** A class as a reminder or digest tells of it. */
export type RemindedClass = {
  programme: string;
  /** ISO instant the class starts. */
  startsAt: string;
  /** The family's children (or the holder) who attend it. */
  attendees: string[];
  format: 'in_person' | 'online';
  location: string | null;
  /** An online class's join link (null when in person, or when staff have not set one yet). */
  meetingUrl: string | null;
};

export type ClassReminderParams = {
  /** The family's account name. */
  name: string;
  klass: RemindedClass;
  /** The family's own zone: the time is written in it, and named. */
  timeZone: string;
  /** The signed one-click link that turns reminders off (also in `List-Unsubscribe`). */
  unsubscribeUrl: string;
};

const list = (names: string[], locale: Language) =>
  locale === 'ja'
    ? names.join('、')
    : names.length <= 1
      ? (names[0] ?? '')
      : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * Where the class is, in a sentence; empty when there is nothing to say. `linkShown: false` leaves
 * the join link out of the sentence (the mail's button carries it).
 */
export function placeOf(klass: RemindedClass, locale: Language, linkShown = true): string {
  if (klass.format === 'online') {
    if (klass.meetingUrl && !linkShown) {
      return locale === 'ja' ? 'オンラインのクラスです。' : 'This class is online.';
    }
    if (klass.meetingUrl) {
      return locale === 'ja'
        ? `オンラインのクラスです。参加リンク: ${klass.meetingUrl}`
        : `This class is online. Join here: ${klass.meetingUrl}`;
    }
    return locale === 'ja'
      ? 'オンラインのクラスです。参加リンクはクラス前にお知らせします。'
      : 'This class is online; its join link will follow before the class.';
  }
  if (!klass.location) return '';
  return locale === 'ja' ? `場所: ${klass.location}` : `Where: ${klass.location}`;
}

export const unsubscribeNote: Record<Language, (url: string) => string> = {
  en: (url) => `Do not want class reminders? Turn them off with one click: ${url}`,
  ja: (url) => `クラスのリマインダーが不要な場合は、こちらから停止できます: ${url}`,
};

/** Sent a day before each class a family's children attend (docs/product.md#class-reminders). */
export function classReminderMail(locale: Language, params: ClassReminderParams, ctx: MailContext) {
  const { klass } = params;
  const when = zonedDateTime(new Date(klass.startsAt), params.timeZone, locale);
  const who = list(klass.attendees, locale);
  const place = placeOf(klass, locale, false);
  const join =
    klass.format === 'online' && klass.meetingUrl
      ? { label: locale === 'ja' ? 'クラスに参加する' : 'Join the class', url: klass.meetingUrl }
      : undefined;
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `${ctx.schoolName}: ${klass.programme} on ${when}`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        `A reminder: ${who} ${klass.attendees.length > 1 ? 'have' : 'has'} ${klass.programme} on ${when}.`,
        ...(place ? [place] : []),
      ],
      ...(join ? { action: join } : {}),
      notes: [unsubscribeNote.en(params.unsubscribeUrl)],
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} ${klass.programme}(${when})のお知らせ`,
      greeting: `${params.name} 様`,
      paragraphs: [
        `${when} から ${who} さんの ${klass.programme} があります。`,
        ...(place ? [place] : []),
      ],
      ...(join ? { action: join } : {}),
      notes: [unsubscribeNote.ja(params.unsubscribeUrl)],
    },
  };
  return renderBody(bodies[locale], ctx);
}
