import {
  type CreateScheduleBody,
  DATE_PICKER_MAX,
  DATE_PICKER_MIN,
  isValidTimeZone,
  MAX_CAPACITY,
  type PreviewScheduleBody,
  type WEEKDAYS,
} from '@atelier/contract';
import { validateField } from '../../components/form/validation';
import type { MessageKey } from '../../i18n/i18n';
import { parsePlainDate, parsePlainTime } from '../../lib/zoned-time';
import { japaneseTranslations } from './translations-form';

/** One weekly time as typed: weekday `'1'`–`'7'` (Monday–Sunday), times `HH:MM`. */
export type SlotValues = { weekday: string; start_time: string; end_time: string };

export type ScheduleFormValues = {
  name: string;
  /** The name in Japanese: blank leaves readers the English. */
  name_ja: string;
  start_date: string;
  end_date: string;
  time_zone: string;
  capacity: string;
  slots: SlotValues[];
  /** Holidays: dates with no session. */
  exception_dates: string[];
  teacher_id: string;
  plan_ids: string[];
};

export const emptySlot: SlotValues = { weekday: '', start_time: '', end_time: '' };

export function emptyScheduleForm(timeZone: string): ScheduleFormValues {
  return {
    name: '',
    name_ja: '',
    start_date: '',
    end_date: '',
    time_zone: timeZone,
    capacity: '',
    slots: [{ ...emptySlot }],
    exception_dates: [],
    teacher_id: '',
    plan_ids: [],
  };
}

const REQUIRED: MessageKey = 'common.required';
const INVALID: MessageKey = 'common.invalidInput';

function dateMessage(text: string): MessageKey | null {
  if (text.trim() === '') return REQUIRED;
  return parsePlainDate(text) && text >= DATE_PICKER_MIN && text <= DATE_PICKER_MAX
    ? null
    : INVALID;
}

const minutes = (time: string) => {
  const parsed = parsePlainTime(time);
  return parsed ? parsed.hour * 60 + parsed.minute : null;
};

/**
 * The rules of what decides the sessions (dates, weekly times, holidays, zone), by the server's
 * field names (`slots.0.end_time`, `exception_dates.1`): checked before a preview and a save.
 */
export function validateSchedulePattern(values: ScheduleFormValues): Record<string, MessageKey> {
  const errors: Record<string, MessageKey> = {};
  const put = (name: string, key: MessageKey | null) => {
    if (key) errors[name] = key;
  };
  put('start_date', dateMessage(values.start_date));
  put('end_date', dateMessage(values.end_date));
  if (!errors.start_date && !errors.end_date && values.end_date < values.start_date) {
    errors.end_date = INVALID;
  }
  put(
    'time_zone',
    validateField(values.time_zone, { required: true, check: (zone) => isValidTimeZone(zone) }),
  );
  if (values.slots.length === 0) errors.slots = REQUIRED;
  values.slots.forEach((slot, i) => {
    put(`slots.${i}.weekday`, validateField(slot.weekday, { required: true }));
    put(
      `slots.${i}.start_time`,
      validateField(slot.start_time, { required: true, check: (v) => minutes(v) !== null }),
    );
    put(
      `slots.${i}.end_time`,
      validateField(slot.end_time, { required: true, check: (v) => minutes(v) !== null }),
    );
    const start = minutes(slot.start_time);
    const end = minutes(slot.end_time);
    if (start === null || end === null) return;
    if (end <= start) {
      errors[`slots.${i}.end_time`] = INVALID;
      return;
    }
    const overlaps = values.slots.some((other, j) => {
      const otherStart = minutes(other.start_time);
      const otherEnd = minutes(other.end_time);
      return (
        j < i &&
        other.weekday === slot.weekday &&
        otherStart !== null &&
        otherEnd !== null &&
        otherStart < end &&
        start < otherEnd
      );
    });
    if (overlaps) errors[`slots.${i}.start_time`] = INVALID;
  });
  values.exception_dates.forEach((date, i) => {
    const message = dateMessage(date);
    const outside =
      !message &&
      !errors.start_date &&
      !errors.end_date &&
      (date < values.start_date || date > values.end_date);
    put(`exception_dates.${i}`, message ?? (outside ? INVALID : null));
  });
  return errors;
}

/** Every rule of the create form: the pattern's, and name, capacity, teacher and plans. */
export function validateScheduleForm(values: ScheduleFormValues): Record<string, MessageKey> {
  const errors = validateSchedulePattern(values);
  const put = (name: string, key: MessageKey | null) => {
    if (key) errors[name] = key;
  };
  put('name', validateField(values.name, { required: true, check: (v) => v.length <= 120 }));
  put('translations.ja.name', validateField(values.name_ja, { check: (v) => v.length <= 120 }));
  put(
    'capacity',
    validateField(values.capacity, { required: true, integer: { min: 1, max: MAX_CAPACITY } }),
  );
  put('teacher_id', validateField(values.teacher_id, { required: true }));
  if (values.plan_ids.length === 0) errors.plan_ids = REQUIRED;
  return errors;
}

/** The pattern as the preview endpoint takes it (holidays sorted, without repeats). */
export function schedulePattern(
  values: ScheduleFormValues,
): PreviewScheduleBody['klass_group_schedule'] {
  return {
    time_zone: values.time_zone.trim(),
    start_date: values.start_date,
    end_date: values.end_date,
    slots: values.slots.map((slot) => ({
      weekday: Number(slot.weekday) as (typeof WEEKDAYS)[number],
      start_time: slot.start_time,
      end_time: slot.end_time,
    })),
    exception_dates: [...new Set(values.exception_dates)].sort(),
  };
}

/** A stable text of the pattern: a preview stays valid while this does not change. */
export function patternKey(values: ScheduleFormValues): string {
  return JSON.stringify(schedulePattern(values));
}

export function scheduleBody(
  values: ScheduleFormValues,
): CreateScheduleBody['klass_group_schedule'] {
  return {
    ...schedulePattern(values),
    name: values.name.trim(),
    translations: japaneseTranslations({ name: values.name_ja }),
    capacity: Number(values.capacity.trim()),
    teacher_id: values.teacher_id,
    plan_ids: values.plan_ids,
  };
}
