import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it.each([
    ['/cable?token=eyJ.abc.def', '/cable?token=[redacted]'],
    ['/cable?x=1&token=abc&y=2', '/cable?x=1&token=[redacted]&y=2'],
    ['/cable?TOKEN=abc', '/cable?TOKEN=[redacted]'],
    ['/api/v1/user_token/s3cret', '/api/v1/user_token/[redacted]'],
    ['/api/v1/password_resets/s3cret?x=1', '/api/v1/password_resets/[redacted]?x=1'],
    ['/api/v1/users/email_token/s3cret', '/api/v1/users/email_token/[redacted]'],
    ['/api/v1/calendar/s3cret.ics', '/api/v1/calendar/[redacted].ics'],
  ])('hides the secret in %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    '/api/v1/password_resets',
    '/api/v1/calendar/klasses?from=x',
    '/api/v1/calendar/feed',
    '/api/v1/users/me',
  ])('leaves %s as it is', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});
