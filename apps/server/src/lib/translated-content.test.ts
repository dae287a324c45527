import { describe, expect, it } from 'vitest';
import { inLanguage, storedTranslations } from './translated-content';

describe('translated content', () => {
  const row = {
    id: 1,
    name: 'Art & Science',
    description: 'Drawing meets discovery.',
    translations: { ja: { name: 'アートとサイエンス', description: ' ' } },
  };

  it('gives each field in the language asked for, and the default language where none is written', () => {
    expect(inLanguage(row, 'ja', ['name', 'description'])).toEqual({
      ...row,
      name: 'アートとサイエンス',
      description: 'Drawing meets discovery.',
    });
    expect(inLanguage(row, 'en', ['name', 'description'])).toBe(row);
    expect(inLanguage({ ...row, translations: {} }, 'ja', ['name'])).toEqual({
      ...row,
      translations: {},
    });
  });

  it('stores only translations with text, so a cleared one is absent', () => {
    expect(storedTranslations({ ja: { name: ' 今学期 ', description: '  ' } })).toEqual({
      ja: { name: ' 今学期 ' },
    });
    expect(storedTranslations({ ja: { name: '' } })).toEqual({});
    expect(storedTranslations(undefined)).toEqual({});
  });
});
