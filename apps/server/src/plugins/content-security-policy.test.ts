import { describe, expect, it } from 'vitest';
import { appContentSecurityPolicy } from './content-security-policy';

const NONE = {
  sentryDsn: undefined,
  hotjarId: undefined,
  gtmId: undefined,
  stripePublishableKey: undefined,
};

function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('appContentSecurityPolicy with Stripe', () => {
  it('with a publishable key allows Stripe.js, its API and its frames, and nothing else of Stripe', () => {
    const policy = directives(
      appContentSecurityPolicy({ ...NONE, stripePublishableKey: 'pk_test_123' }, []),
    );
    expect(policy['script-src']).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(policy['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(policy['frame-src']).toEqual([
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    // The card fields live in Stripe's frames: our own page still may not be framed by anyone.
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('without one names no Stripe host and allows no frame', () => {
    const policy = appContentSecurityPolicy(NONE, []);
    expect(policy).not.toMatch(/stripe/);
    expect(directives(policy)['frame-src']).toEqual(["'none'"]);
  });
});
