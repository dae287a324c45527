import { describe, expect, it } from 'vitest';
import {
  emptyScheduleForm,
  patternKey,
  type ScheduleFormValues,
  scheduleBody,
  validateScheduleForm,
  validateSchedulePattern,
} from './schedule-form';

const filled: ScheduleFormValues = {
  ...emptyScheduleForm('America/New_York'),
  name: 'Spring Saturdays',
  start_date: '2026-03-01',
  end_date: '2026-03-31',
  slots: [{ weekday: '6', start_time: '10:00', end_time: '12:00' }],
  exception_dates: ['2026-03-14'],
  capacity: '10',
  teacher_id: '7',
  plan_ids: ['3'],
};

describe('schedule form rules', () => {
  it("says 'Required' for every missing field, by the server's field names", () => {
    expect(validateScheduleForm(emptyScheduleForm('America/New_York'))).toEqual({
      name: 'common.required',
      start_date: 'common.required',
      end_date: 'common.required',
      'slots.0.weekday': 'common.required',
      'slots.0.start_time': 'common.required',
      'slots.0.end_time': 'common.required',
      capacity: 'common.required',
      teacher_id: 'common.required',
      plan_ids: 'common.required',
    });
    expect(validateScheduleForm(filled)).toEqual({});
  });

  it("says 'Invalid input' for an end before the start, in dates and in times", () => {
    // The holiday is not judged against a range that is itself wrong.
    expect(validateSchedulePattern({ ...filled, end_date: '2026-02-28' })).toEqual({
      end_date: 'common.invalidInput',
    });
    expect(
      validateSchedulePattern({
        ...filled,
        slots: [{ weekday: '6', start_time: '12:00', end_time: '12:00' }],
      }),
    ).toEqual({ 'slots.0.end_time': 'common.invalidInput' });
  });

  it('flags a weekly time overlapping an earlier one on the same weekday', () => {
    const slots = [
      { weekday: '6', start_time: '10:00', end_time: '12:00' },
      { weekday: '6', start_time: '11:00', end_time: '13:00' },
      { weekday: '3', start_time: '11:00', end_time: '13:00' },
    ];
    expect(validateSchedulePattern({ ...filled, slots })).toEqual({
      'slots.1.start_time': 'common.invalidInput',
    });
  });

  it('keeps holidays inside the date range and the zone a real IANA zone', () => {
    expect(
      validateSchedulePattern({
        ...filled,
        exception_dates: ['2026-04-04', '2026-13-01'],
        time_zone: 'Mars/Olympus',
      }),
    ).toEqual({
      'exception_dates.0': 'common.invalidInput',
      'exception_dates.1': 'common.invalidInput',
      time_zone: 'common.invalidInput',
    });
  });

  it('refuses capacities that are not whole numbers from 1 to 1000', () => {
    for (const capacity of ['0', '1.5', '1001', 'ten']) {
      expect(validateScheduleForm({ ...filled, capacity })).toEqual({
        capacity: 'common.invalidInput',
      });
    }
  });
});

describe('schedule request body', () => {
  it('sends weekdays and capacity as numbers and holidays sorted without repeats', () => {
    const body = scheduleBody({
      ...filled,
      exception_dates: ['2026-03-21', '2026-03-14', '2026-03-21'],
    });
    expect(body).toEqual({
      name: 'Spring Saturdays',
      time_zone: 'America/New_York',
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      slots: [{ weekday: 6, start_time: '10:00', end_time: '12:00' }],
      exception_dates: ['2026-03-14', '2026-03-21'],
      capacity: 10,
      teacher_id: '7',
      plan_ids: ['3'],
      translations: {},
    });
    expect(scheduleBody({ ...filled, name_ja: ' 今学期 ' }).translations).toEqual({
      ja: { name: '今学期' },
    });
  });

  it('changes the pattern key only when something that decides the sessions changes', () => {
    const key = patternKey(filled);
    expect(patternKey({ ...filled, name: 'Other', capacity: '3', plan_ids: [] })).toBe(key);
    expect(patternKey({ ...filled, exception_dates: [] })).not.toBe(key);
    expect(patternKey({ ...filled, time_zone: 'Asia/Tokyo' })).not.toBe(key);
  });
});
