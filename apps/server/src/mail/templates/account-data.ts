import {
  ACCOUNT_DATA_PAGES,
  ACCOUNT_DELETION_LINK_LIFETIME_S,
  ACCOUNT_EXPORT_LINK_LIFETIME_S,
  appLink,
  type Language,
} from '@atelier/contract';
import { type MailBody, type MailContext, renderBody } from './layout';

export type AccountExportReadyParams = { name: string; url: string };
export type AccountDeletionConfirmParams = { name: string; token: string };

const days = (seconds: number) => Math.round(seconds / 86_400);
const hours = (seconds: number) => Math.round(seconds / 3_600);

/** A family's data export is ready: the link downloads the ZIP until it expires. */
export function accountExportReadyMail(
  locale: Language,
  params: AccountExportReadyParams,
  ctx: MailContext,
) {
  const n = days(ACCOUNT_EXPORT_LINK_LIFETIME_S);
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `Your data from ${ctx.schoolName} is ready`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        'The copy of your family’s data you asked for is ready: your profile, your children’s profiles, orders, account entries, messages and artwork with its images, as a ZIP file.',
      ],
      action: { label: 'Download my data', url: params.url },
      notes: [`This link works for ${n} days. Anyone with the link can download the file.`],
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} データのダウンロードの準備ができました`,
      greeting: `${params.name} 様`,
      paragraphs: [
        'ご依頼のご家族のデータ(プロフィール、お子さまのプロフィール、注文、入出金記録、メッセージ、作品と画像)をZIPファイルにまとめました。',
      ],
      action: { label: 'データをダウンロードする', url: params.url },
      notes: [
        `このリンクの有効期限は${n}日間です。リンクを知っている人は誰でもダウンロードできます。`,
      ],
    },
  };
  return renderBody(bodies[locale], ctx);
}

/** Confirms the deletion of a family's account: nothing is deleted until the link is opened. */
export function accountDeletionConfirmMail(
  locale: Language,
  params: AccountDeletionConfirmParams,
  ctx: MailContext,
) {
  const url = appLink(ctx.appUrl, ACCOUNT_DATA_PAGES.confirmDeletion(params.token));
  const n = hours(ACCOUNT_DELETION_LINK_LIFETIME_S);
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `Confirm the deletion of your ${ctx.schoolName} account`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        'You asked us to delete your account. Opening the link below deletes your children’s profiles, their artwork and images, your messages and your sign-in for good. Orders and account entries are kept for the school’s accounts under “Deleted family”.',
      ],
      action: { label: 'Delete my account', url },
      notes: [
        `This link works for ${n} hours and only once.`,
        'If you did not ask for this, ignore this e-mail and change your password: nothing is deleted.',
      ],
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} アカウント削除の確認`,
      greeting: `${params.name} 様`,
      paragraphs: [
        'アカウント削除のご依頼を受け付けました。下のリンクを開くと、お子さまのプロフィール、作品と画像、メッセージ、ログイン情報が完全に削除されます。注文と入出金記録は学校の会計のため「削除された家族」として残ります。',
      ],
      action: { label: 'アカウントを削除する', url },
      notes: [
        `このリンクの有効期限は${n}時間で、一度だけ使用できます。`,
        'お心当たりのない場合は、このメールを破棄し、パスワードを変更してください。何も削除されません。',
      ],
    },
  };
  return renderBody(bodies[locale], ctx);
}
