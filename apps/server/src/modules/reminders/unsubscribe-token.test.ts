import { describe, expect, it } from 'vitest';
import { unsubscribeToken, userIdOfUnsubscribeToken } from './unsubscribe-token';

const SECRET = 'a-server-secret-of-at-least-32-characters';

describe('unsubscribe link signature', () => {
  it('gives back the account a token was signed for', () => {
    expect(userIdOfUnsubscribeToken(SECRET, unsubscribeToken(SECRET, 42))).toBe(42);
  });

  it('refuses a token signed for another account, with another secret, or altered', () => {
    const token = unsubscribeToken(SECRET, 42);
    const signature = token.split('.')[1] as string;
    // Someone changing the id in their own link to turn off another family's reminders.
    expect(userIdOfUnsubscribeToken(SECRET, `43.${signature}`)).toBeNull();
    expect(userIdOfUnsubscribeToken('another-secret-of-at-least-32-characters', token)).toBeNull();
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(userIdOfUnsubscribeToken(SECRET, flipped)).toBeNull();
    for (const junk of ['', '42', '42.', 'x.y', `042.${signature}`, `99999999999.${signature}`]) {
      expect(userIdOfUnsubscribeToken(SECRET, junk)).toBeNull();
    }
  });
});
