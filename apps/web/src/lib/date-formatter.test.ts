import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './date-formatter';

describe('dateTimeFormat', () => {
  it('makes one formatter per locale and options, and formats with them', () => {
    const medium = dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe(medium);
    expect(dateTimeFormat('ja', { dateStyle: 'medium', timeZone: 'UTC' })).not.toBe(medium);
    expect(dateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' })).not.toBe(medium);
    expect(medium.format(Date.UTC(2026, 2, 14))).toBe('Mar 14, 2026');
  });
});
