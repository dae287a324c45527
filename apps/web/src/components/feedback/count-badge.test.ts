import { describe, expect, it } from 'vitest';
import { badgeText } from './count-badge';

describe('badgeText', () => {
  it('shows nothing for zero', () => {
    expect(badgeText(0)).toBe('');
  });

  it('shows the count up to 9', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
  });

  it("shows '9+' from 10", () => {
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });
});
