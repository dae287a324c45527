import {
  GALLERY_MESSAGES,
  PHOTO_BOX_MAX_HOURS,
  PHOTO_BOX_MAX_TAGS,
  PHOTO_BOX_MESSAGES,
} from '@atelier/contract';
import type { TFunction } from 'i18next';
import type { MessageKey } from '../../i18n/i18n';
import type { ApiError } from '../../lib/api-client';
import { ARTWORK_MAX_MB } from './photo-files';

/**
 * The server writes the photo box's messages in English (the contract's constants): the known
 * ones are shown in the UI language, anything else as the server wrote it.
 */
const KNOWN: Record<string, MessageKey> = {
  [PHOTO_BOX_MESSAGES.closesInPast]: 'photoBoxes.messages.closesInPast',
  [PHOTO_BOX_MESSAGES.closesTooLate]: 'photoBoxes.messages.closesTooLate',
  [PHOTO_BOX_MESSAGES.closed]: 'photoBoxes.messages.closed',
  [PHOTO_BOX_MESSAGES.notYourKlass]: 'photoBoxes.messages.notYourSession',
  [PHOTO_BOX_MESSAGES.notInKlass]: 'photoBoxes.messages.notInSession',
  [PHOTO_BOX_MESSAGES.alreadyHandled]: 'photoBoxes.messages.alreadyHandled',
  [PHOTO_BOX_MESSAGES.chooseStudents]: 'photoBoxes.messages.chooseStudents',
  [PHOTO_BOX_MESSAGES.tooManyStudents]: 'photoBoxes.messages.tooManyStudents',
  [PHOTO_BOX_MESSAGES.duplicateStudent]: 'photoBoxes.messages.duplicateStudent',
  [PHOTO_BOX_MESSAGES.notAssigned]: 'photoBoxes.messages.notAssigned',
  [PHOTO_BOX_MESSAGES.cropOutside]: 'photoBoxes.messages.cropOutside',
  [PHOTO_BOX_MESSAGES.notReady]: 'photoBoxes.messages.notReady',
  [GALLERY_MESSAGES.artworkTooLarge]: 'photoBoxes.messages.artworkTooLarge',
};

/** The values the messages interpolate. */
export const PHOTO_BOX_LIMITS = {
  hours: PHOTO_BOX_MAX_HOURS,
  size: ARTWORK_MAX_MB,
  tagsMax: PHOTO_BOX_MAX_TAGS,
};

export function translatePhotoBoxMessage(text: string, t: TFunction): string {
  const key = KNOWN[text];
  return key ? t(key, PHOTO_BOX_LIMITS) : text;
}

/** Why one photo did not upload, in the page's words (docs/product.md#error-handling). */
export function uploadFailureText(error: ApiError, t: TFunction): string {
  if (error.status === 429) return t('photoBoxes.upload.tooMany');
  if (error.code === 'ECONNABORTED') return t('photoBoxes.upload.timeout');
  const text = Object.values(error.fields)[0] ?? error.detail;
  return text ? translatePhotoBoxMessage(text, t) : t('photoBoxes.upload.generic');
}

/** The first message a refused staff action carries, translated, or null when it has none. */
export function actionFailureText(error: ApiError, t: TFunction): string | null {
  const text = Object.values(error.fields)[0] ?? error.detail;
  return text ? translatePhotoBoxMessage(text, t) : null;
}
