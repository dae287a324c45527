import { describe, expect, it } from 'vitest';
import { isPlainText, TEXT_MESSAGES, textSchema } from './text.schemas';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('textSchema', () => {
  const name = textSchema({ min: 1, max: 20 });
  const description = textSchema({ max: 200, multiline: true });

  it.each(['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\n', '\t', '\r'])(
    'refuses %j inside a single-line field',
    (control) => {
      const result = name.safeParse(`Mia${control}Lee`);
      expect(messages(result)).toEqual([TEXT_MESSAGES.controlCharacter]);
    },
  );

  it.each(['\u0000', '\u0007', '\u001b', '\u007f', '\r'])(
    'refuses %j inside a multi-line field',
    (control) => {
      expect(messages(description.safeParse(`a${control}b`))).toEqual([
        TEXT_MESSAGES.controlCharacter,
      ]);
    },
  );

  it('lets a multi-line field hold line feeds and tabs', () => {
    expect(description.parse('Line one\n\tLine two')).toBe('Line one\n\tLine two');
  });

  it('accepts Japanese text, emoji and accents', () => {
    expect(name.parse('山田 花子')).toBe('山田 花子');
    expect(description.parse('水彩画のクラス 🎨 — café')).toBe('水彩画のクラス 🎨 — café');
  });

  it('trims, and says Required for empty, missing or null values', () => {
    expect(name.parse('  Mia  ')).toBe('Mia');
    for (const value of ['', '   ', undefined, null]) {
      expect(messages(name.safeParse(value))).toEqual([TEXT_MESSAGES.required]);
    }
    expect(messages(name.safeParse(12))).toEqual([TEXT_MESSAGES.invalid]);
  });

  it('a NUL in surrounding white space is refused, not trimmed away', () => {
    expect(name.safeParse('Mia\u0000').success).toBe(false);
    expect(name.safeParse('\u0000 Mia').success).toBe(false);
  });

  it('refuses more than max characters with its message', () => {
    expect(messages(name.safeParse('x'.repeat(21)))).toEqual([TEXT_MESSAGES.tooLong(20)]);
    expect(name.parse('x'.repeat(20))).toHaveLength(20);
    const custom = textSchema({ max: 3, tooLong: 'Too long' });
    expect(messages(custom.safeParse('abcd'))).toEqual(['Too long']);
  });

  it('keeps white space when told not to trim (passwords)', () => {
    const password = textSchema({ min: 1, max: 50, trim: false });
    expect(password.parse(' secret ')).toBe(' secret ');
    expect(password.safeParse(' secret\u0000').success).toBe(false);
  });

  it('stays a string schema that fields can chain', () => {
    const code = textSchema({ max: 10 }).toUpperCase().optional();
    expect(code.parse(' ab ')).toBe('AB');
    expect(code.parse(undefined)).toBeUndefined();
  });

  it('isPlainText agrees with the schema', () => {
    expect(isPlainText('ok')).toBe(true);
    expect(isPlainText('a\nb')).toBe(false);
    expect(isPlainText('a\nb', { multiline: true })).toBe(true);
    expect(isPlainText('a\u0000b', { multiline: true })).toBe(false);
  });
});
