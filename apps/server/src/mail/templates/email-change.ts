import { ACCOUNT_PAGES, appLink, type Language } from '@atelier/contract';
import { type MailBody, type MailContext, renderBody } from './layout';

export type EmailChangeConfirmParams = { name: string; token: string; newEmail: string };

/** Sent to the new address: the change happens only when its owner opens the link. */
export function emailChangeConfirmMail(
  locale: Language,
  params: EmailChangeConfirmParams,
  ctx: MailContext,
) {
  const url = appLink(ctx.appUrl, ACCOUNT_PAGES.emailChange(params.token));
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `Confirm your new e-mail address for ${ctx.schoolName}`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        `You asked to use ${params.newEmail} for your ${ctx.schoolName} account. Confirm this address to finish the change.`,
      ],
      action: { label: 'Confirm my new e-mail address', url },
      notes: [
        'This link works for 24 hours and only once. Until then, your account keeps its old address.',
        'If you did not ask for this, you can ignore this e-mail.',
      ],
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} 新しいメールアドレスの確認`,
      greeting: `${params.name} 様`,
      paragraphs: [
        `${ctx.schoolName}のアカウントのメールアドレスを ${params.newEmail} に変更するリクエストを受け付けました。変更を完了するため、このアドレスを確認してください。`,
      ],
      action: { label: '新しいメールアドレスを確認する', url },
      notes: [
        'このリンクの有効期限は24時間で、一度だけ使用できます。確認が完了するまでは、以前のアドレスのままです。',
        'お心当たりのない場合は、このメールを破棄してください。',
      ],
    },
  };
  return renderBody(bodies[locale], ctx);
}

export type EmailChangedParams = { name: string; newEmail: string };

/** Sent to the old address once the change is applied. */
export function emailChangedMail(locale: Language, params: EmailChangedParams, ctx: MailContext) {
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `Your ${ctx.schoolName} e-mail address was changed`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        `The e-mail address of your ${ctx.schoolName} account was changed to ${params.newEmail}. From now on, use the new address to log in.`,
      ],
      notes: [`If this was not you, write to ${ctx.contactEmail} at once.`],
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} メールアドレスが変更されました`,
      greeting: `${params.name} 様`,
      paragraphs: [
        `${ctx.schoolName}のアカウントのメールアドレスが ${params.newEmail} に変更されました。今後は新しいアドレスでログインしてください。`,
      ],
      notes: [`お心当たりのない場合は、すぐに ${ctx.contactEmail} までご連絡ください。`],
    },
  };
  return renderBody(bodies[locale], ctx);
}

export type EmailTakenParams = Record<string, never>;

/**
 * Someone asked to move their account to this address, which already has an account. The API
 * answers as if it worked, so it cannot be used to find out which addresses are registered.
 */
export function emailTakenMail(locale: Language, _params: EmailTakenParams, ctx: MailContext) {
  const url = appLink(ctx.appUrl, ACCOUNT_PAGES.login);
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `E-mail change request at ${ctx.schoolName}`,
      greeting: 'Hello,',
      paragraphs: [
        `Someone asked to use this e-mail address for a ${ctx.schoolName} account. This address already belongs to an account, so nothing was changed.`,
      ],
      action: { label: 'Log in', url },
      notes: ['If this was not you, you can ignore this e-mail.'],
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} メールアドレス変更のリクエスト`,
      greeting: 'こんにちは。',
      paragraphs: [
        `このメールアドレスを${ctx.schoolName}のアカウントで使用するリクエストがありました。このアドレスはすでに別のアカウントで使われているため、変更は行われていません。`,
      ],
      action: { label: 'ログイン', url },
      notes: ['お心当たりのない場合は、このメールを破棄してください。'],
    },
  };
  return renderBody(bodies[locale], ctx);
}
