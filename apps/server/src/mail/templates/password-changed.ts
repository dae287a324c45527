import { ACCOUNT_PAGES, appLink, type Language } from '@atelier/contract';
import { type MailBody, type MailContext, renderBody } from './layout';

export type PasswordChangedParams = { name: string };

/** Told after every password change or reset, so a takeover does not go unnoticed. */
export function passwordChangedMail(
  locale: Language,
  params: PasswordChangedParams,
  ctx: MailContext,
) {
  const resetUrl = appLink(ctx.appUrl, ACCOUNT_PAGES.passwordResetRequest);
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `Your ${ctx.schoolName} password was changed`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        'The password of your account was just changed, and every other session was signed out.',
      ],
      notes: [
        `If this was not you, reset your password at once (${resetUrl}) and write to ${ctx.contactEmail}.`,
      ],
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} パスワードが変更されました`,
      greeting: `${params.name} 様`,
      paragraphs: ['アカウントのパスワードが変更され、他のすべての端末からログアウトされました。'],
      notes: [
        `お心当たりのない場合は、すぐにパスワードを再設定し(${resetUrl})、${ctx.contactEmail} までご連絡ください。`,
      ],
    },
  };
  return renderBody(bodies[locale], ctx);
}
