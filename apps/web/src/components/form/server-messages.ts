import {
  ACCOUNT_MESSAGES,
  ATTENDANCE_MESSAGES,
  BIO_MAX_LENGTH,
  COUPON_MESSAGES,
  DATE_PICKER_MAX,
  DATE_PICKER_MIN,
  FAMILY_MESSAGES,
  GALLERY_MESSAGES,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  MESSAGE_MAX_USERS,
  MESSAGES_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHOTO_BOX_MAX_HOURS,
  PHOTO_BOX_MESSAGES,
  USER_GROUP_MESSAGES,
} from '@atelier/contract';
import type { TFunction } from 'i18next';
import type { MessageKey } from '../../i18n/i18n';

/**
 * The server writes its field messages in English (they are the contract's constants); the ones
 * it is known to send are shown in the UI language, anything else as the server wrote it.
 */
const KNOWN: Record<string, MessageKey> = {
  [ACCOUNT_MESSAGES.required]: 'common.required',
  [ACCOUNT_MESSAGES.invalid]: 'common.invalidInput',
  [ACCOUNT_MESSAGES.passwordTooShort]: 'register.messages.passwordTooShort',
  [ACCOUNT_MESSAGES.passwordTooLong]: 'register.messages.passwordTooLong',
  [ACCOUNT_MESSAGES.passwordTooCommon]: 'register.messages.passwordTooCommon',
  [ACCOUNT_MESSAGES.passwordIncorrect]: 'register.messages.passwordIncorrect',
  [ACCOUNT_MESSAGES.termsRequired]: 'register.messages.termsRequired',
  [ACCOUNT_MESSAGES.timezoneInvalid]: 'register.messages.timezoneInvalid',
  [ACCOUNT_MESSAGES.emailUnchanged]: 'register.messages.emailUnchanged',
  [ACCOUNT_MESSAGES.bioTooLong]: 'accountSettings.messages.bioTooLong',
  [ACCOUNT_MESSAGES.bioNotAllowed]: 'accountSettings.messages.bioNotAllowed',
  'Enter a valid e-mail address': 'register.messages.emailInvalid',
  [IMAGE_TOO_LARGE_MESSAGE]: 'accountSettings.messages.imageTooLarge',
  [IMAGE_TYPE_MESSAGE]: 'accountSettings.messages.imageType',
  [FAMILY_MESSAGES.birthdayRange]: 'family.messages.birthdayRange',
  [FAMILY_MESSAGES.birthdayFuture]: 'family.messages.birthdayFuture',
  [FAMILY_MESSAGES.oneAccountHolder]: 'family.messages.oneAccountHolder',
  [FAMILY_MESSAGES.inUse]: 'family.messages.inUse',
  [COUPON_MESSAGES.codeTaken]: 'coupons.messages.codeTaken',
  [COUPON_MESSAGES.codeCharacters]: 'coupons.messages.codeCharacters',
  [COUPON_MESSAGES.percentTooHigh]: 'coupons.messages.percentTooHigh',
  [COUPON_MESSAGES.windowOrder]: 'coupons.untilBeforeFrom',
  [COUPON_MESSAGES.unknownUserGroup]: 'coupons.messages.unknownUserGroup',
  [COUPON_MESSAGES.unknownKlassGroup]: 'coupons.messages.unknownKlassGroup',
  [COUPON_MESSAGES.unknownCode]: 'coupons.messages.unknownCode',
  [COUPON_MESSAGES.notYetValid]: 'coupons.messages.notYetValid',
  [COUPON_MESSAGES.expired]: 'coupons.messages.expired',
  [COUPON_MESSAGES.usedUp]: 'coupons.messages.usedUp',
  [COUPON_MESSAGES.usedUpByPerson]: 'coupons.messages.usedUpByPerson',
  [COUPON_MESSAGES.groupOnly]: 'coupons.messages.groupOnly',
  [COUPON_MESSAGES.notForClass]: 'coupons.messages.notForClass',
  [USER_GROUP_MESSAGES.nameTaken]: 'userGroups.messages.nameTaken',
  [USER_GROUP_MESSAGES.unknownUsers]: 'userGroups.messages.unknownUsers',
  [GALLERY_MESSAGES.imagesRequired]: 'gallery.newPost.messages.imagesRequired',
  [GALLERY_MESSAGES.tooManyImages]: 'gallery.newPost.messages.tooManyImages',
  [GALLERY_MESSAGES.artworkTooLarge]: 'gallery.newPost.messages.tooLarge',
  [GALLERY_MESSAGES.notYourStudent]: 'gallery.newPost.messages.notYourStudent',
  [GALLERY_MESSAGES.notTheirKlass]: 'gallery.newPost.messages.notTheirSession',
  [GALLERY_MESSAGES.replyToReply]: 'gallery.newPost.messages.replyToReply',
  [GALLERY_MESSAGES.alreadyReported]: 'gallery.newPost.messages.alreadyReported',
  [PHOTO_BOX_MESSAGES.closesInPast]: 'photoBoxes.messages.closesInPast',
  [PHOTO_BOX_MESSAGES.closesTooLate]: 'photoBoxes.messages.closesTooLate',
  [PHOTO_BOX_MESSAGES.closed]: 'photoBoxes.messages.closed',
  [PHOTO_BOX_MESSAGES.notYourKlass]: 'photoBoxes.messages.notYourSession',
  [PHOTO_BOX_MESSAGES.notInKlass]: 'photoBoxes.messages.notInSession',
  [PHOTO_BOX_MESSAGES.alreadyHandled]: 'photoBoxes.messages.alreadyHandled',
  [ATTENDANCE_MESSAGES.notEnrolled]: 'attendance.messages.notEnrolled',
  [ATTENDANCE_MESSAGES.listedTwice]: 'attendance.messages.listedTwice',
  [ATTENDANCE_MESSAGES.badStatus]: 'attendance.messages.badStatus',
  [ATTENDANCE_MESSAGES.cancelled]: 'attendance.messages.cancelled',
  [ATTENDANCE_MESSAGES.tooEarly]: 'attendance.messages.tooEarly',
  [MESSAGES_MESSAGES.oneAudience]: 'classMessages.messages.oneAudience',
  [MESSAGES_MESSAGES.chooseFamilies]: 'classMessages.messages.chooseFamilies',
  [MESSAGES_MESSAGES.tooManyFamilies]: 'classMessages.messages.tooManyFamilies',
  [MESSAGES_MESSAGES.unknownSchedule]: 'classMessages.messages.unknownSchedule',
  [MESSAGES_MESSAGES.unknownKlass]: 'classMessages.messages.unknownSession',
  [MESSAGES_MESSAGES.notAFamily]: 'classMessages.messages.notAFamily',
  [MESSAGES_MESSAGES.nobodyEnrolled]: 'classMessages.messages.nobodyEnrolled',
  [MESSAGES_MESSAGES.notYourSchedule]: 'classMessages.messages.notYourSchedule',
  [MESSAGES_MESSAGES.notYourFamily]: 'classMessages.messages.notYourFamily',
};

/** The values the known messages interpolate. */
const LIMITS = {
  hours: PHOTO_BOX_MAX_HOURS,
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  bioMaxLength: BIO_MAX_LENGTH,
  familiesMax: MESSAGE_MAX_USERS,
  from: DATE_PICKER_MIN,
  to: DATE_PICKER_MAX,
};

export function translateServerMessage(text: string, t: TFunction): string {
  const key = KNOWN[text];
  return key ? t(key, LIMITS) : text;
}
