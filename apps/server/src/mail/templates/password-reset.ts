import { ACCOUNT_PAGES, appLink, type Language } from '@atelier/contract';
import { type MailBody, type MailContext, renderBody } from './layout';

export type PasswordResetParams = { name: string; token: string };

export function passwordResetMail(locale: Language, params: PasswordResetParams, ctx: MailContext) {
  const url = appLink(ctx.appUrl, ACCOUNT_PAGES.passwordReset(params.token));
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `Reset your ${ctx.schoolName} password`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        'We received a request to reset the password of your account. Choose a new password with the button below.',
      ],
      action: { label: 'Choose a new password', url },
      notes: [
        'This link works for 1 hour and only once. Setting a new password signs you out everywhere else.',
        'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
      ],
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} パスワードの再設定`,
      greeting: `${params.name} 様`,
      paragraphs: [
        'アカウントのパスワード再設定のリクエストを受け付けました。下のボタンから新しいパスワードを設定してください。',
      ],
      action: { label: '新しいパスワードを設定する', url },
      notes: [
        'このリンクの有効期限は1時間で、一度だけ使用できます。新しいパスワードを設定すると、他のすべての端末からログアウトされます。',
        'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
      ],
    },
  };
  return renderBody(bodies[locale], ctx);
}
