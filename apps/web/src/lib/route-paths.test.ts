import { describe, expect, it } from 'vitest';
import { isAuthPage, paths } from './route-paths';

describe('isAuthPage', () => {
  it('is true for /login and every /register page', () => {
    expect(isAuthPage('/login')).toBe(true);
    expect(isAuthPage('/register')).toBe(true);
    expect(isAuthPage('/register/check_email')).toBe(true);
    expect(isAuthPage('/register/complete/abc')).toBe(true);
  });

  it('is false elsewhere, including look-alikes', () => {
    expect(isAuthPage('/')).toBe(false);
    expect(isAuthPage('/registered')).toBe(false);
    expect(isAuthPage('/password_reset/')).toBe(false);
  });
});

describe('paths', () => {
  it('encodes dynamic segments', () => {
    expect(paths.manageSchedule('3', '9')).toBe('/manage_classes/3/schedules/9');
    expect(paths.cartItem('a/b')).toBe('/cart/a%2Fb');
  });
});
