import { ACCOUNT_PAGES, appLink, type Language } from '@atelier/contract';
import { type MailBody, type MailContext, renderBody } from './layout';

export type AlreadyRegisteredParams = { name: string };

/**
 * Someone registered with an address that already has a confirmed account. The register form
 * answers as if it were new (no enumeration); only the owner of the mailbox learns the truth.
 */
export function alreadyRegisteredMail(
  locale: Language,
  params: AlreadyRegisteredParams,
  ctx: MailContext,
) {
  const url = appLink(ctx.appUrl, ACCOUNT_PAGES.login);
  const resetUrl = appLink(ctx.appUrl, ACCOUNT_PAGES.passwordResetRequest);
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `You already have an account at ${ctx.schoolName}`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        `Someone, probably you, tried to register at ${ctx.schoolName} with this e-mail address. You already have an account, so no new one was created.`,
        `Forgot your password? You can choose a new one here: ${resetUrl}`,
      ],
      action: { label: 'Log in', url },
      notes: ['If this was not you, you can ignore this e-mail. Your account has not changed.'],
    },
    ja: {
      locale,
      subject: `${ctx.schoolName}のアカウントはすでに登録されています`,
      greeting: `${params.name} 様`,
      paragraphs: [
        `このメールアドレスで${ctx.schoolName}への新規登録が試みられました。すでにアカウントをお持ちのため、新しいアカウントは作成されていません。`,
        `パスワードをお忘れの場合は、こちらから再設定できます: ${resetUrl}`,
      ],
      action: { label: 'ログイン', url },
      notes: [
        'お心当たりのない場合は、このメールを破棄してください。アカウントに変更はありません。',
      ],
    },
  };
  return renderBody(bodies[locale], ctx);
}
