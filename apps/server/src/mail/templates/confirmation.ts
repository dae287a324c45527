import { ACCOUNT_PAGES, appLink, type Language } from '@atelier/contract';
import { type MailBody, type MailContext, renderBody } from './layout';

export type ConfirmationParams = { name: string; token: string };

/** Registration: the link that confirms the address and signs the new user in. */
export function confirmationMail(locale: Language, params: ConfirmationParams, ctx: MailContext) {
  const url = appLink(ctx.appUrl, ACCOUNT_PAGES.confirm(params.token));
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `Confirm your e-mail address for ${ctx.schoolName}`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        `Thank you for registering with ${ctx.schoolName}. Please confirm your e-mail address to finish creating your account.`,
      ],
      action: { label: 'Confirm my e-mail address', url },
      notes: [
        'This link works for 24 hours and only once.',
        'If you did not register, you can ignore this e-mail: no account will be activated.',
      ],
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} メールアドレスの確認`,
      greeting: `${params.name} 様`,
      paragraphs: [
        `${ctx.schoolName}にご登録いただきありがとうございます。アカウントの作成を完了するため、メールアドレスを確認してください。`,
      ],
      action: { label: 'メールアドレスを確認する', url },
      notes: [
        'このリンクの有効期限は24時間で、一度だけ使用できます。',
        'お心当たりのない場合は、このメールを破棄してください。アカウントは有効になりません。',
      ],
    },
  };
  return renderBody(bodies[locale], ctx);
}
