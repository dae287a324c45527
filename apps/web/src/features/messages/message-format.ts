import type { Message, MessageKlass } from '@atelier/contract';
import type { TFunction } from 'i18next';
import { dateTimeFormat } from '../../lib/date-formatter';
import { formatInstantRange } from '../../lib/format-date';

// How class messages read on screen (docs/product.md#class-messages): when, to whom, how many
// read them. Instants in the viewer's zone; a session's time in its class's zone, as the
// classes screens show it.

/** An instant as a medium date and a short time in `zone`: 'Jan 5, 2030, 10:00 AM'. */
export function formatMessageTime(iso: string, zone: string, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(
    Date.parse(iso),
  );
}

/** A session of the picker: its time range in the class's zone, marked when cancelled. */
export function klassLabel(
  klass: MessageKlass,
  zone: string,
  t: TFunction,
  locale: string,
): string {
  const when = formatInstantRange(klass.starts_at, klass.ends_at, zone, locale);
  return klass.status === 'cancelled' ? t('classMessages.send.cancelledSession', { when }) : when;
}

/** Who a sent message went to: its class, one session of it, or how many families. */
export function audienceLabel(message: Message, t: TFunction, locale: string): string {
  if (message.audience === 'users') {
    return t('classMessages.history.toUsers', { count: message.recipient_count ?? 0 });
  }
  const schedule = message.klass_group_schedule;
  if (!schedule) return t('classMessages.history.classGone');
  if (message.audience === 'klass' && message.klass) {
    return t('classMessages.history.toKlass', {
      programme: schedule.klass_group_name,
      when: formatMessageTime(message.klass.starts_at, schedule.time_zone, locale),
    });
  }
  return t('classMessages.history.toSchedule', {
    programme: schedule.klass_group_name,
    schedule: schedule.name,
  });
}

/** "3 of 5 read" (the sender's views carry both counts). */
export function readSummary(message: Message, t: TFunction): string {
  return t('classMessages.history.readCount', {
    read: message.read_count ?? 0,
    total: message.recipient_count ?? 0,
  });
}

/**
 * The session a message most likely concerns: the next one not cancelled, else the last one
 * (a note after the term ended), else none.
 */
export function likelyKlass(klasses: MessageKlass[], now: number): MessageKlass | null {
  const open = klasses.filter((s) => s.status !== 'cancelled');
  return open.find((s) => Date.parse(s.ends_at) >= now) ?? open.at(-1) ?? null;
}
