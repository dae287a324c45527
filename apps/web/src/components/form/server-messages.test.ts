import {
  ACCOUNT_MESSAGES,
  FAMILY_MESSAGES,
  GALLERY_MESSAGES,
  PASSWORD_MIN_LENGTH,
  PHOTO_BOX_MESSAGES,
} from '@atelier/contract';
import { describe, expect, it } from 'vitest';
import { addStrings, i18n } from '../../i18n/i18n';
import { ja } from '../../i18n/ja';
import { jaFeatures } from '../../i18n/ja-features';
import { translateServerMessage } from './server-messages';

addStrings('ja', 'shell', ja);
addStrings('ja', 'features', jaFeatures);

describe('translateServerMessage', () => {
  const inJapanese = i18n.getFixedT('ja');

  it("shows the server's known messages in the UI language, with their limits", () => {
    expect(translateServerMessage(ACCOUNT_MESSAGES.required, inJapanese)).toBe(
      inJapanese('common.required'),
    );
    expect(translateServerMessage(ACCOUNT_MESSAGES.passwordTooShort, inJapanese)).toBe(
      inJapanese('register.messages.passwordTooShort', { minLength: PASSWORD_MIN_LENGTH }),
    );
    expect(translateServerMessage(FAMILY_MESSAGES.birthdayFuture, inJapanese)).toBe(
      inJapanese('family.messages.birthdayFuture'),
    );
    expect(inJapanese('common.required')).not.toBe(ACCOUNT_MESSAGES.required);
  });

  it("shows the gallery's and the photo box's field messages in Japanese", () => {
    const { reportTarget: _neverSentByTheForms, ...gallery } = GALLERY_MESSAGES;
    for (const message of [...Object.values(gallery), ...Object.values(PHOTO_BOX_MESSAGES)]) {
      const shown = translateServerMessage(message, inJapanese);
      expect(shown, message).not.toBe(message);
      expect(shown, message).not.toMatch(/\{\{|[A-Za-z]{4,}/);
    }
  });

  it('shows any other message as the server wrote it', () => {
    expect(translateServerMessage('must be after the start time', inJapanese)).toBe(
      'must be after the start time',
    );
  });
});
