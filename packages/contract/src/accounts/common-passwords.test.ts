import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from './accounts.constants';
import { commonPasswordCount, isCommonPassword } from './common-passwords';

describe('the common-password list the server refuses and the web meter names', () => {
  it('finds a listed password whatever its case and surrounding spaces', () => {
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(isCommonPassword('  Password123 ')).toBe(true);
    expect(isCommonPassword('violet-kettle-harbour-42')).toBe(false);
  });

  it('holds only passwords long enough to pass the length rule (shorter ones fail it anyway)', () => {
    expect(commonPasswordCount()).toBe(1557);
    expect(isCommonPassword('qwerty')).toBe(false);
    expect(PASSWORD_MIN_LENGTH).toBe(10);
  });
});
