import { appLink, type Language, ORDER_PAGES, REFUND_PAGES } from '@atelier/contract';
import { type MailBody, type MailContext, money, renderBody } from './layout';

export type LatePaymentRefundedParams = {
  name: string;
  orderId: number;
  currency: string;
  /** Cents returned: everything the card paid. */
  amount: number;
  /** The classes the order would have booked, as its snapshot names them. */
  classes: string[];
  /** The family chose to keep the money as account credit instead of the card refund. */
  keptAsCredit?: boolean;
};

/**
 * Sent when a late payment's card refund is held, so the family may keep the money as account
 * credit instead (docs/decisions/065-refunds-by-method-and-late-payments-kept-as-credit.md).
 */
export type LatePaymentHeldParams = LatePaymentRefundedParams & {
  /** When the refund goes to the card, ISO 8601; shown in `timeZone`. */
  sendAfter: string;
  timeZone: string;
  /** The signed token of the link that keeps it as credit. */
  token: string;
};

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
      subject: params.keptAsCredit
        ? `${ctx.schoolName}: order #${params.orderId} could not be booked; your payment is kept as credit`
        : `${ctx.schoolName}: order #${params.orderId} could not be booked and is refunded`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        `Your card payment for order #${params.orderId} came in after the places it held had been released, and the class${params.classes.length > 1 ? 'es' : ''} (${classes}) filled up in the meantime, so nobody could be booked.`,
        params.keptAsCredit
          ? `As you chose, we have kept the payment (${amount}) as account credit: it pays towards your next order.`
          : `We are refunding the card payment in full (${amount}) to the card you paid with. It can take 5–10 days to show on your statement.`,
      ],
      action: { label: 'See your orders', url: ordersUrl },
    },
    ja: {
      locale,
      subject: params.keptAsCredit
        ? `${ctx.schoolName} ご注文 #${params.orderId} のお支払いをクレジットとしてお預かりしました`
        : `${ctx.schoolName} ご注文 #${params.orderId} は満席のため全額返金します`,
      greeting: `${params.name} 様`,
      paragraphs: [
        `ご注文 #${params.orderId} のカード決済が、お席の確保期限を過ぎてから届きました。その間にクラス(${classes})が満席となったため、受講の登録ができませんでした。`,
        params.keptAsCredit
          ? `ご希望どおり、お支払い(${amount})をアカウントのクレジットとしてお預かりしました。次のご注文でお使いいただけます。`
          : `カード決済の全額(${amount})を、お支払いに使われたカードへ返金しています。明細に反映されるまで5〜10日ほどかかる場合があります。`,
      ],
      action: { label: '注文履歴を見る', url: ordersUrl },
    },
  };
  return renderBody(bodies[locale], ctx);
}

export function latePaymentHeldMail(
  locale: Language,
  params: LatePaymentHeldParams,
  ctx: MailContext,
) {
  const creditUrl = appLink(ctx.appUrl, REFUND_PAGES.keepAsCredit(params.token));
  const amount = money(locale, params.currency, params.amount);
  const classes = params.classes.join(locale === 'ja' ? '、' : ', ');
  const when = new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: params.timeZone,
    timeZoneName: 'short',
  }).format(new Date(params.sendAfter));
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `${ctx.schoolName}: order #${params.orderId} could not be booked; your money goes back at ${when}`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        `Your card payment for order #${params.orderId} came in after the places it held had been released, and the class${params.classes.length > 1 ? 'es' : ''} (${classes}) filled up in the meantime, so nobody could be booked.`,
        `We will refund the payment in full (${amount}) to the card you paid with at ${when}.`,
        'Would you rather keep it as account credit for a later booking? Choose so before then with the button below; once the refund has gone to your card it cannot be taken back.',
      ],
      action: { label: 'Keep it as account credit', url: creditUrl },
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} ご注文 #${params.orderId} は満席のため、${when} に返金します`,
      greeting: `${params.name} 様`,
      paragraphs: [
        `ご注文 #${params.orderId} のカード決済が、お席の確保期限を過ぎてから届きました。その間にクラス(${classes})が満席となったため、受講の登録ができませんでした。`,
        `お支払いの全額(${amount})を ${when} にお支払いに使われたカードへ返金します。`,
        '次回のご予約のためにアカウントのクレジットとしてお預かりすることもできます。ご希望の場合はそれまでに下のボタンからお選びください。カードへの返金後は取り消せません。',
      ],
      action: { label: 'クレジットとして預ける', url: creditUrl },
    },
  };
  return renderBody(bodies[locale], ctx);
}
