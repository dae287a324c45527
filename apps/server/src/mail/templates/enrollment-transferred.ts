import { appLink, type Language } from '@atelier/contract';
import { type MailBody, type MailContext, money, renderBody } from './layout';

export type EnrollmentTransferredParams = {
  name: string;
  child: string;
  /** The class left and the class joined, as "Programme (schedule)". */
  from: string;
  to: string;
  currency: string;
  /** Cents: positive charged to the account, negative credited, 0 nothing. */
  difference: number;
};

/** A child moved to another class (docs/product.md#transfers). */
export function enrollmentTransferredMail(
  locale: Language,
  params: EnrollmentTransferredParams,
  ctx: MailContext,
) {
  const url = appLink(ctx.appUrl, '/classes');
  const amount = money(locale, params.currency, Math.abs(params.difference));
  const difference: Record<Language, string> = {
    en:
      params.difference > 0
        ? `The difference of ${amount} has been charged to your account.`
        : params.difference < 0
          ? `The difference of ${amount} has been credited to your account.`
          : 'The price is the same: nothing changes on your account.',
    ja:
      params.difference > 0
        ? `差額 ${amount} をアカウントに請求しました。`
        : params.difference < 0
          ? `差額 ${amount} をアカウントのクレジットとしてお預かりしました。`
          : '料金は変わりません。アカウントへの変更はありません。',
  };
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `${ctx.schoolName}: ${params.child} has moved to ${params.to}`,
      greeting: `Hello ${params.name},`,
      paragraphs: [`${params.child} has moved from ${params.from} to ${params.to}.`, difference.en],
      action: { label: 'See your classes', url },
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} ${params.child} さんのクラスを ${params.to} に変更しました`,
      greeting: `${params.name} 様`,
      paragraphs: [
        `${params.child} さんのクラスを ${params.from} から ${params.to} に変更しました。`,
        difference.ja,
      ],
      action: { label: 'クラスを見る', url },
    },
  };
  return renderBody(bodies[locale], ctx);
}
