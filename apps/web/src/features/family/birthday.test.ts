import { describe, expect, it } from 'vitest';
import { formatBirthday, isBirthdayInRange } from './birthday';

describe('isBirthdayInRange', () => {
  it('accepts real dates from 1900-01-01 to 2099-12-31 (docs/product.md#constants)', () => {
    expect(isBirthdayInRange('1900-01-01')).toBe(true);
    expect(isBirthdayInRange('2015-04-01')).toBe(true);
    expect(isBirthdayInRange('2099-12-31')).toBe(true);
  });

  it('refuses dates outside the range and dates that do not exist', () => {
    expect(isBirthdayInRange('1899-12-31')).toBe(false);
    expect(isBirthdayInRange('2100-01-01')).toBe(false);
    expect(isBirthdayInRange('2023-02-29')).toBe(false);
    expect(isBirthdayInRange('01/04/2015')).toBe(false);
  });
});

describe('formatBirthday', () => {
  it('writes the calendar date in the reader’s language without shifting its day', () => {
    expect(formatBirthday('2015-04-01', 'en')).toBe('Apr 1, 2015');
    expect(formatBirthday('2015-04-01', 'ja')).toBe('2015/04/01');
  });
});
