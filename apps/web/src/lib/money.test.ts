import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatCents } from './money';

describe('dollars and cents', () => {
  it('turns typed dollars into whole cents without floating-point error', () => {
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents('120')).toBe(12000);
    expect(dollarsToCents(' 1,200.50 ')).toBe(120050);
    expect(dollarsToCents('0')).toBe(0);
  });

  it('refuses negatives, fractions of a cent, words and amounts above the maximum', () => {
    for (const bad of ['-5', '1.999', 'abc', '', '1e3', '100001']) {
      expect(dollarsToCents(bad)).toBeNull();
    }
  });

  it('writes cents back as the dollars an edit form starts with', () => {
    expect(centsToDollars(1999)).toBe('19.99');
    expect(centsToDollars(2000)).toBe('20');
    expect(centsToDollars(5)).toBe('0.05');
  });

  it('formats cents in the configured currency and the UI language', () => {
    expect(formatCents(12000, 'USD', 'en')).toBe('$120.00');
    expect(formatCents(1999, 'EUR', 'en')).toBe('€19.99');
    expect(formatCents(12000, 'USD', 'ja')).toBe('$120.00');
  });
});
