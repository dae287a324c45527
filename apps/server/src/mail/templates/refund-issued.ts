import { appLink, type Language, ORDER_PAGES } from '@atelier/contract';
import { type MailBody, type MailContext, money, renderBody } from './layout';

export type RefundIssuedParams = {
  name: string;
  orderId: number;
  currency: string;
  /** Cents of this refund. */
  amount: number;
  /** Cents refunded on the order so far, this one included. */
  refundedTotal: number;
  /** Whose places ended with it (none: money only). */
  attendees: string[];
  /** True when everything paid has now been refunded. */
  full: boolean;
  /** How the money went back; left out: to the card. */
  method?: 'card' | 'cash' | 'check' | 'credit';
};

const HOW: Record<
  NonNullable<RefundIssuedParams['method']>,
  Record<Language, (amount: string, orderId: number) => string>
> = {
  card: {
    en: (amount, id) =>
      `We have refunded ${amount} for order #${id} to the card you paid with. It can take 5–10 days to show on your statement.`,
    ja: (amount, id) =>
      `ご注文 #${id} について ${amount} を、お支払いに使われたカードへ返金しました。明細に反映されるまで5〜10日ほどかかる場合があります。`,
  },
  cash: {
    en: (amount, id) => `We have refunded ${amount} for order #${id} in cash at the desk.`,
    ja: (amount, id) => `ご注文 #${id} について ${amount} を受付にて現金で返金しました。`,
  },
  check: {
    en: (amount, id) => `We have refunded ${amount} for order #${id} by check.`,
    ja: (amount, id) => `ご注文 #${id} について ${amount} を小切手で返金しました。`,
  },
  credit: {
    en: (amount, id) =>
      `We have refunded ${amount} for order #${id} as account credit: it pays towards your next order.`,
    ja: (amount, id) =>
      `ご注文 #${id} について ${amount} をアカウントのクレジットとして返金しました。次のご注文でお使いいただけます。`,
  },
};

/**
 * Sent once a refund went through: the provider confirmed a card's, or the desk paid it out, or it
 * was kept as account credit (docs/architecture.md#refunds).
 */
export function refundIssuedMail(locale: Language, params: RefundIssuedParams, ctx: MailContext) {
  const ordersUrl = appLink(ctx.appUrl, ORDER_PAGES.orders);
  const amount = money(locale, params.currency, params.amount);
  const refunded = money(locale, params.currency, params.refundedTotal);
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `${ctx.schoolName} refund for order #${params.orderId}`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        HOW[params.method ?? 'card'].en(amount, params.orderId),
        ...(params.attendees.length > 0
          ? [`The places of ${params.attendees.join(', ')} have been cancelled.`]
          : []),
        params.full
          ? `The order has been refunded in full (${refunded}).`
          : `Refunded on this order so far: ${refunded}.`,
      ],
      action: { label: 'See your orders', url: ordersUrl },
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} ご注文 #${params.orderId} の返金`,
      greeting: `${params.name} 様`,
      paragraphs: [
        HOW[params.method ?? 'card'].ja(amount, params.orderId),
        ...(params.attendees.length > 0
          ? [`${params.attendees.join('、')} さんの受講登録は取り消されました。`]
          : []),
        params.full
          ? `このご注文は全額(${refunded})返金されました。`
          : `このご注文の返金額の合計: ${refunded}`,
      ],
      action: { label: '注文履歴を見る', url: ordersUrl },
    },
  };
  return renderBody(bodies[locale], ctx);
}
