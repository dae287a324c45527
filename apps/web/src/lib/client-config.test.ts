import { describe, expect, it } from 'vitest';
import { defaultClientConfig, readClientConfig } from './client-config';

describe('readClientConfig', () => {
  it('uses the defaults when the server wrote no config (vite dev)', () => {
    expect(readClientConfig(undefined)).toEqual(defaultClientConfig);
  });

  it("takes the server's fields and keeps defaults for the missing ones", () => {
    const config = readClientConfig({
      schoolName: 'Studio Nine',
      contactEmail: 'hi@studio9.example',
      sentryDsn: 'https://key@sentry.example/1',
      stripePublishableKey: null,
      currency: 'JPY',
    });
    expect(config.schoolName).toBe('Studio Nine');
    expect(config.contactEmail).toBe('hi@studio9.example');
    expect(config.sentryDsn).toBe('https://key@sentry.example/1');
    expect(config.currency).toBe('JPY');
    expect(config.blogUrl).toBe(defaultClientConfig.blogUrl);
    expect(config.socialLinks).toEqual(defaultClientConfig.socialLinks);
  });

  it('treats empty strings as not configured (no Sentry without a DSN)', () => {
    const config = readClientConfig({ sentryDsn: '', schoolName: '' });
    expect(config.sentryDsn).toBeNull();
    expect(config.schoolName).toBe(defaultClientConfig.schoolName);
  });

  it('takes APP_URL without its trailing slash; none means the page’s own origin', () => {
    expect(readClientConfig({ appUrl: 'http://192.168.1.20:3000/' }).appUrl).toBe(
      'http://192.168.1.20:3000',
    );
    expect(readClientConfig({}).appUrl).toBe('');
  });
});
