import { describe, expect, it } from 'vitest';
import { isAuthPage, loginRedirectingTo, paths, resumeAfterSignIn } from './route-paths';

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

describe('resumeAfterSignIn', () => {
  it('takes a path on this site, with or without the /app base', () => {
    expect(resumeAfterSignIn('/checkout')).toBe('/checkout');
    expect(resumeAfterSignIn('/checkout?order=5')).toBe('/checkout?order=5');
    expect(resumeAfterSignIn('/app/checkout')).toBe('/checkout');
    expect(resumeAfterSignIn('/app')).toBe('/');
  });

  it('keeps the query of a deep link, as the guard sends it', () => {
    expect(resumeAfterSignIn('/classes?message=3')).toBe('/classes?message=3');
    expect(resumeAfterSignIn('/app/gallery/feedback?post=1')).toBe('/gallery/feedback?post=1');
    const sent = new URL(loginRedirectingTo('/classes?message=3'), 'http://x').searchParams;
    expect(resumeAfterSignIn(sent.get('redirect'))).toBe('/classes?message=3');
  });

  it.each([
    [null],
    [''],
    ['checkout'],
    ['//evil.example/checkout'],
    ['/\\evil.example'],
    ['https://evil.example/'],
    ['/login'],
    ['/app/../admin'],
    ['/app/%2e%2e/admin'],
    ['/app/./classes'],
    ['/app\\classes'],
    ['\\\\evil.example'],
    ['https:/evil.example'],
    ['javascript:alert(1)'],
  ])('refuses %j', (redirect) => {
    expect(resumeAfterSignIn(redirect)).toBeNull();
  });
});
