import type { Language } from '@atelier/contract';
import { zonedDateTime } from '../../lib/zoned-time';
import { placeOf, type RemindedClass, unsubscribeNote } from './class-reminder';
import { type MailBody, type MailContext, renderBody } from './layout';

export type ClassDigestParams = {
  /** The family's account name. */
  name: string;
  /** The coming week's classes, in order of start. */
  classes: RemindedClass[];
  /** The family's own zone: every time is written in it, and named. */
  timeZone: string;
  unsubscribeUrl: string;
};

/** The weekly digest of the coming week's classes (docs/product.md#class-reminders). */
export function classDigestMail(locale: Language, params: ClassDigestParams, ctx: MailContext) {
  const line = (klass: RemindedClass) => {
    const when = zonedDateTime(new Date(klass.startsAt), params.timeZone, locale);
    const who = klass.attendees.join(locale === 'ja' ? '、' : ', ');
    const place = placeOf(klass, locale);
    return `${when} · ${klass.programme} · ${who}${place ? ` · ${place}` : ''}`;
  };
  const count = params.classes.length;
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `${ctx.schoolName}: your classes this week`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        `Your family has ${count} ${count === 1 ? 'class' : 'classes'} in the coming week:`,
        ...params.classes.map(line),
      ],
      notes: [unsubscribeNote.en(params.unsubscribeUrl)],
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} 今週のクラス`,
      greeting: `${params.name} 様`,
      paragraphs: [`今週のクラスは${count}件です。`, ...params.classes.map(line)],
      notes: [unsubscribeNote.ja(params.unsubscribeUrl)],
    },
  };
  return renderBody(bodies[locale], ctx);
}
