import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGES, NAME_MAX_LENGTH } from '@atelier/contract';
import type { Lang } from './site-strings';

// The words of /contact-us, in each language of the site (site-strings.ts holds the words every
// page shares). The server's field messages are the contract's English constants; `fieldMessage`
// shows the known ones in the page's language.

const en = {
  title: (school: string) => `Contact Us | ${school}`,
  description: (school: string) =>
    `Write to ${school}: questions about classes, schedules, prices or private lessons.`,
  heading: 'Contact Us',
  lead: 'Questions about a class, a schedule or private lessons? Write to us and we will answer by e-mail, usually within two working days.',
  orWrite: 'You can also write to',
  form: 'Contact form',
  name: 'Your name',
  email: 'Your e-mail address',
  emailHint: 'We answer at this address.',
  message: 'Message',
  messageHint: `Up to ${CONTACT_MESSAGE_MAX_LENGTH} characters.`,
  honeypot: 'Leave this field empty',
  required: '(required)',
  send: 'Send message',
  errorSummary: 'Please correct the following:',
  sentTitle: (school: string) => `Message sent | ${school}`,
  sentHeading: 'Thank you!',
  sentBody:
    'Your message is on its way. We have sent a confirmation to your e-mail address and will answer soon.',
  sendAnother: 'Send another message',
  home: 'Go to the home page',
  tooMany: (minutes: number) =>
    `Too many messages have been sent from your network or to this address. Please wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} and try again, or write to us directly.`,
  crossSite:
    'This form can only be sent from our own website. Please open the contact page and try again.',
  messages: {
    [CONTACT_MESSAGES.required]: 'Required',
    [CONTACT_MESSAGES.invalid]: 'Invalid input',
    [CONTACT_MESSAGES.nameTooLong]: `Use at most ${NAME_MAX_LENGTH} characters`,
    [CONTACT_MESSAGES.emailInvalid]: 'Enter a valid e-mail address',
    [CONTACT_MESSAGES.messageTooLong]: `Use at most ${CONTACT_MESSAGE_MAX_LENGTH} characters`,
    [CONTACT_MESSAGES.controlCharacter]: 'Must not contain control characters',
  } as Record<string, string>,
};

export type ContactStrings = typeof en;

const ja: ContactStrings = {
  title: (school) => `お問い合わせ | ${school}`,
  description: (school) =>
    `${school}へのお問い合わせ:クラス、スケジュール、料金、個人レッスンについてお気軽にどうぞ。`,
  heading: 'お問い合わせ',
  lead: 'クラスやスケジュール、個人レッスンについてのご質問をお寄せください。通常2営業日以内にメールでお返事します。',
  orWrite: 'メールでのお問い合わせ:',
  form: 'お問い合わせフォーム',
  name: 'お名前',
  email: 'メールアドレス',
  emailHint: 'このアドレスにお返事します。',
  message: 'メッセージ',
  messageHint: `${CONTACT_MESSAGE_MAX_LENGTH}文字まで。`,
  honeypot: 'この欄は空のままにしてください',
  required: '(必須)',
  send: '送信する',
  errorSummary: '次の項目を確認してください:',
  sentTitle: (school) => `送信しました | ${school}`,
  sentHeading: 'ありがとうございました',
  sentBody:
    'メッセージを送信しました。確認のメールをお送りしましたので、お返事まで少々お待ちください。',
  sendAnother: '別のメッセージを送る',
  home: 'ホームへ',
  tooMany: (minutes) =>
    `お使いのネットワークまたはこのアドレスからの送信が多すぎます。${minutes}分ほど待ってからもう一度お試しいただくか、メールで直接ご連絡ください。`,
  crossSite:
    'このフォームは当サイトからのみ送信できます。お問い合わせページを開いてもう一度お試しください。',
  messages: {
    [CONTACT_MESSAGES.required]: '必須項目です',
    [CONTACT_MESSAGES.invalid]: '入力内容が正しくありません',
    [CONTACT_MESSAGES.nameTooLong]: `${NAME_MAX_LENGTH}文字以内にしてください`,
    [CONTACT_MESSAGES.emailInvalid]: '正しいメールアドレスを入力してください',
    [CONTACT_MESSAGES.messageTooLong]: `${CONTACT_MESSAGE_MAX_LENGTH}文字以内にしてください`,
    [CONTACT_MESSAGES.controlCharacter]: '制御文字は使えません',
  },
};

export const CONTACT_STRINGS: Record<Lang, ContactStrings> = { en, ja };

/** A field message of the server in the page's language (as written when it is not a known one). */
export function fieldMessage(lang: Lang, message: string): string {
  return CONTACT_STRINGS[lang].messages[message] ?? message;
}
