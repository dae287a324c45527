import { validateField } from '../../components/form/validation';
import type { MessageKey } from '../../i18n/i18n';
import {
  formatPlainDate,
  formatPlainTime,
  isoWithOffset,
  parsePlainDate,
  parsePlainTime,
  zonedDateTime,
  zonedToInstant,
} from '../../lib/zoned-time';

/** A session's times as typed, in the schedule's time zone. */
export type KlassTimesValues = { date: string; start_time: string; end_time: string };

/** A session's current times, as the move form starts with them. */
export function klassTimesValues(startsAt: string, endsAt: string, zone: string): KlassTimesValues {
  const start = zonedDateTime(Date.parse(startsAt), zone);
  const end = zonedDateTime(Date.parse(endsAt), zone);
  return {
    date: formatPlainDate(start),
    start_time: formatPlainTime(start),
    end_time: formatPlainTime(end),
  };
}

/** 'Required' / 'Invalid input' by field; the end must come after the start on the same day. */
export function validateKlassTimes(values: KlassTimesValues): Record<string, MessageKey> {
  const errors: Record<string, MessageKey> = {};
  const date = validateField(values.date, {
    required: true,
    check: (v) => parsePlainDate(v) !== null,
  });
  const start = validateField(values.start_time, {
    required: true,
    check: (v) => parsePlainTime(v) !== null,
  });
  const end = validateField(values.end_time, {
    required: true,
    check: (v) => parsePlainTime(v) !== null,
  });
  if (date) errors.date = date;
  if (start) errors.start_time = start;
  if (end) errors.end_time = end;
  else if (!start && values.end_time <= values.start_time) errors.end_time = 'common.invalidInput';
  return errors;
}

/**
 * The instants the API takes, written with the zone's offset (`2026-03-14T10:00:00-04:00`).
 * Call only after `validateKlassTimes` found nothing.
 */
export function klassTimesBody(
  values: KlassTimesValues,
  zone: string,
): { starts_at: string; ends_at: string } {
  const date = parsePlainDate(values.date);
  const start = parsePlainTime(values.start_time);
  const end = parsePlainTime(values.end_time);
  if (!date || !start || !end) throw new Error('klassTimesBody needs valid values');
  return {
    starts_at: isoWithOffset(zonedToInstant({ ...date, ...start }, zone), zone),
    ends_at: isoWithOffset(zonedToInstant({ ...date, ...end }, zone), zone),
  };
}

/** The server names the instants; the form shows their messages beside the time it typed. */
export function klassTimesFieldOf(serverField: string): string {
  if (serverField === 'starts_at') return 'start_time';
  if (serverField === 'ends_at') return 'end_time';
  return serverField;
}
