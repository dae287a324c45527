import { describe, expect, it } from 'vitest';
import { cardExpired, parseCardExpiry } from './card-expiry';

describe('card expiry', () => {
  it('reads MM / YY with or without spaces, and nothing else', () => {
    expect(parseCardExpiry('01 / 20')).toEqual({ month: 1, year: 2020 });
    expect(parseCardExpiry('12/30')).toEqual({ month: 12, year: 2030 });
    expect(parseCardExpiry('13 / 30')).toBeNull();
    expect(parseCardExpiry('1/30')).toBeNull();
    expect(parseCardExpiry('')).toBeNull();
  });

  it('keeps a card good through its expiry month and refuses it from the next', () => {
    const today = { year: 2026, month: 11 };
    expect(cardExpired({ month: 1, year: 2020 }, today)).toBe(true);
    expect(cardExpired({ month: 10, year: 2026 }, today)).toBe(true);
    expect(cardExpired({ month: 11, year: 2026 }, today)).toBe(false);
    expect(cardExpired({ month: 1, year: 2027 }, today)).toBe(false);
  });
});
