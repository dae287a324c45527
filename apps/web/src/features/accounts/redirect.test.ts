import { describe, expect, it } from 'vitest';
import { resumePath } from './redirect';

describe('resumePath', () => {
  it('keeps a path on this site, query included', () => {
    expect(resumePath('/checkout')).toBe('/checkout');
    expect(resumePath('/cart?coupon=SPRING')).toBe('/cart?coupon=SPRING');
  });

  it('makes a path given under the /app base relative to the router', () => {
    expect(resumePath('/app/checkout')).toBe('/checkout');
    expect(resumePath('/app')).toBe('/');
  });

  it('refuses anything that could leave the site, and nothing at all', () => {
    for (const bad of ['//evil.test', '/\\evil.test', 'https://evil.test/', 'checkout', '']) {
      expect(resumePath(bad), bad).toBeNull();
    }
    expect(resumePath(null)).toBeNull();
  });
});
