import { appLink, type Language, ORDER_PAGES } from '@atelier/contract';
import { type MailBody, type MailContext, renderBody } from './layout';

export type LatePaymentRefundedParams = {
  name: string;
  orderId: number;
  currency: string;
  /** Cents returned: everything the card paid. */
  amount: number;
  /** The classes the order would have booked, as its snapshot names them. */
  classes: string[];
};

const money = (locale: Language, currency: string, cents: number) =>
  new Intl.NumberFormat(locale === 'ja' ? 'ja-JP' : 'en-US', {
    style: 'currency',
    currency,
  }).format(cents / 100);

/**
 * Sent once the provider confirms the return of a card payment that came in after the class
 * filled up (docs/decisions/063-late-payments-are-returned.md).
 */
export function latePaymentRefundedMail(
  locale: Language,
  params: LatePaymentRefundedParams,
  ctx: MailContext,
) {
  const ordersUrl = appLink(ctx.appUrl, ORDER_PAGES.orders);
  const amount = money(locale, params.currency, params.amount);
  const classes = params.classes.join(locale === 'ja' ? '、' : ', ');
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `${ctx.schoolName}: order #${params.orderId} could not be booked and is refunded`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        `Your card payment for order #${params.orderId} came in after the places it held had been released, and the class${params.classes.length > 1 ? 'es' : ''} (${classes}) filled up in the meantime, so nobody could be booked.`,
        `We are refunding the card payment in full (${amount}) to the card you paid with. It can take 5–10 days to show on your statement.`,
      ],
      action: { label: 'See your orders', url: ordersUrl },
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} ご注文 #${params.orderId} は満席のため全額返金します`,
      greeting: `${params.name} 様`,
      paragraphs: [
        `ご注文 #${params.orderId} のカード決済が、お席の確保期限を過ぎてから届きました。その間にクラス(${classes})が満席となったため、受講の登録ができませんでした。`,
        `カード決済の全額(${amount})を、お支払いに使われたカードへ返金しています。明細に反映されるまで5〜10日ほどかかる場合があります。`,
      ],
      action: { label: '注文履歴を見る', url: ordersUrl },
    },
  };
  return renderBody(bodies[locale], ctx);
}
