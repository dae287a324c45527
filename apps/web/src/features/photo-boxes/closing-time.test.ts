import { PHOTO_BOX_MAX_HOURS } from '@atelier/contract';
import { describe, expect, it } from 'vitest';
import {
  closingProblem,
  defaultClosing,
  extendedClosing,
  fromLocalInput,
  toLocalInput,
} from './closing-time';

const HOUR = 3_600_000;
const now = Date.parse('2030-03-07T15:00:00Z');
const iso = (instant: number) => new Date(instant).toISOString();

describe('a photo box closing time', () => {
  it('is an hour after the session ends by default', () => {
    expect(defaultClosing(iso(now + 2 * HOUR), now)).toBe(now + 3 * HOUR);
  });

  it('is an hour from now for a session already over', () => {
    expect(defaultClosing(iso(now - 24 * HOUR), now)).toBe(now + HOUR);
  });

  it('never lies beyond the longest a box stays open, even for a session days ahead', () => {
    expect(defaultClosing(iso(now + 10 * 24 * HOUR), now)).toBe(now + PHOTO_BOX_MAX_HOURS * HOUR);
    expect(extendedClosing(iso(now + PHOTO_BOX_MAX_HOURS * HOUR), now)).toBe(
      now + PHOTO_BOX_MAX_HOURS * HOUR,
    );
  });

  it('extends by an hour from the current closing time, or from now once closed', () => {
    expect(extendedClosing(iso(now + 2 * HOUR), now)).toBe(now + 3 * HOUR);
    expect(extendedClosing(iso(now - 2 * HOUR), now)).toBe(now + HOUR);
  });

  it('is picked as wall-clock time in the teacher zone', () => {
    // 15:00Z on 7 March 2030 is 10:00 in New York (EST) and 00:00 the next day in Tokyo.
    expect(toLocalInput(now, 'America/New_York')).toBe('2030-03-07T10:00');
    expect(toLocalInput(now, 'Asia/Tokyo')).toBe('2030-03-08T00:00');
    expect(fromLocalInput('2030-03-07T10:00', 'America/New_York')).toBe(now);
    expect(fromLocalInput('2030-03-07', 'America/New_York')).toBeNull();
  });

  it('is refused in the past, beyond the limit, or when not a date and time', () => {
    expect(closingProblem(now - 1, now)).toBe('photoBoxes.messages.closesInPast');
    expect(closingProblem(now + PHOTO_BOX_MAX_HOURS * HOUR + 60_000, now)).toBe(
      'photoBoxes.messages.closesTooLate',
    );
    expect(closingProblem(null, now)).toBe('photoBoxes.messages.closesAtInvalid');
    expect(closingProblem(now + HOUR, now)).toBeNull();
  });
});
