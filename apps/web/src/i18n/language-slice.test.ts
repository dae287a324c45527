import { describe, expect, it } from 'vitest';
import { makeStore } from '../testing/render-with-providers';
import {
  initialLanguageState,
  languageReducer,
  liveLanguageSet,
  selectLiveLanguage,
} from './language-slice';

describe('language slice (docs/product.md#client-state)', () => {
  it('starts in English', () => {
    expect(languageReducer(undefined, { type: 'init' })).toEqual({ liveLanguage: 'en' });
  });

  it('switches the live language', () => {
    expect(languageReducer(initialLanguageState, liveLanguageSet('ja')).liveLanguage).toBe('ja');
  });

  it('selects the live language from the root state', () => {
    const store = makeStore();
    store.dispatch(liveLanguageSet('ja'));
    expect(selectLiveLanguage(store.getState())).toBe('ja');
  });
});
