import { describe, expect, it } from 'vitest';
import { isCalendarDate, latestToday } from '../family/family.schemas';
import { ACCOUNT_MESSAGES, BIO_MAX_LENGTH } from './accounts.constants';
import { ACCOUNT_PAGES, appLink } from './accounts.paths';
import {
  isSafeRedirect,
  isTimeZone,
  registerBodySchema,
  updateUserFieldsSchema,
  userSearchQuerySchema,
} from './accounts.schemas';

describe('accounts contract', () => {
  it("takes a Japanese bio as translations.ja.bio, with the English bio's rules", () => {
    expect(
      updateUserFieldsSchema.parse({
        bio: ' Painter. ',
        translations: { ja: { bio: ' 画家。 ' } },
      }),
    ).toEqual({ bio: 'Painter.', translations: { ja: { bio: '画家。' } } });
    const long = updateUserFieldsSchema.safeParse({
      translations: { ja: { bio: 'あ'.repeat(BIO_MAX_LENGTH + 1) } },
    });
    expect(long.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['translations.ja.bio', ACCOUNT_MESSAGES.bioTooLong],
    ]);
    // Only the languages and fields that can be translated.
    expect(updateUserFieldsSchema.safeParse({ translations: { en: { bio: 'x' } } }).success).toBe(
      false,
    );
    expect(updateUserFieldsSchema.safeParse({ translations: { ja: { name: 'x' } } }).success).toBe(
      false,
    );
  });

  it('accepts only same-origin paths as redirects', () => {
    // An encoded backslash stays inside this origin's path: harmless.
    for (const ok of [
      '/',
      '/cart',
      '/checkout?step=2#pay',
      '/classes/in-person/drawing',
      '/%5Cx',
    ]) {
      expect(isSafeRedirect(ok), ok).toBe(true);
    }
    for (const bad of [
      '',
      'cart',
      '//evil.test',
      '/\\evil.test',
      'https://evil.test',
      'javascript:alert(1)',
      '/\nLocation: x',
      ' /cart',
    ]) {
      expect(isSafeRedirect(bad), bad).toBe(false);
    }
  });

  it('knows IANA time zones and refuses anything else', () => {
    for (const zone of ['America/New_York', 'Asia/Tokyo', 'UTC', 'Europe/London']) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ['Mars/Base', '', 'America/New York', '../etc', '+09:00']) {
      expect(isTimeZone(zone), zone).toBe(false);
    }
  });

  it('reads exceptions comma-separated, repeated, or both', () => {
    expect(userSearchQuerySchema.parse({ exceptions: '1,2, 3' }).exceptions).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(userSearchQuerySchema.parse({ exceptions: ['4', '5,6'] }).exceptions).toEqual([
      '4',
      '5',
      '6',
    ]);
    expect(userSearchQuerySchema.safeParse({ exceptions: '1,x' }).success).toBe(false);
    expect(userSearchQuerySchema.parse({}).page).toBe(1);
  });

  it('requires the terms to be accepted', () => {
    const user = {
      name: 'N',
      email: 'n@x.test',
      password: 'long enough pw',
      timezone: 'UTC',
      terms_accepted: false,
    };
    expect(registerBodySchema.safeParse({ user }).success).toBe(false);
    expect(registerBodySchema.safeParse({ user: { ...user, terms_accepted: true } }).success).toBe(
      true,
    );
  });

  it('builds mail links under the SPA base path', () => {
    expect(appLink('https://a.test/', ACCOUNT_PAGES.confirm('t0k'))).toBe(
      'https://a.test/app/register/t0k',
    );
    expect(appLink('https://a.test', ACCOUNT_PAGES.emailChange('a b'))).toBe(
      'https://a.test/app/account_settings/email/a%20b',
    );
  });

  it('dates: real calendar dates only; "today" is the latest date anywhere on Earth', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-2-1')).toBe(false);
    expect(latestToday(new Date('2026-01-01T10:00:00Z'))).toBe('2026-01-02');
    expect(latestToday(new Date('2026-01-01T09:59:00Z'))).toBe('2026-01-01');
  });
});
