import { appLink, type Language } from '@atelier/contract';
import { type MailBody, type MailContext, mailDay, money, renderBody } from './layout';

export type BillingPaymentReceivedParams = {
  name: string;
  /** The month of tuition autopay paid, `YYYY-MM`; null for the balance paid by card. */
  period: string | null;
  /** Cents, in `currency`. */
  amount: number;
  currency: string;
  /** The saved card's brand and last four digits; null for a card typed in the form. */
  card: string | null;
  paidAt: Date;
  /** The school's time zone, the day of `paidAt` is said in. */
  timeZone: string;
  /** The school's number for the payment, to quote when asking about it. */
  reference: number;
};

/**
 * A payment that is no order's went through: a month of tuition by autopay, or the balance paid
 * by card (docs/decisions/075-monthly-tuition-and-billing-runs.md). What a family keeps as its
 * receipt; the statement on /orders lists it too.
 */
export function billingPaymentReceivedMail(
  locale: Language,
  params: BillingPaymentReceivedParams,
  ctx: MailContext,
) {
  const url = appLink(ctx.appUrl, '/orders');
  const amount = money(locale, params.currency, params.amount);
  const day = mailDay(locale, params.paidAt, params.timeZone);
  const card = params.card ?? (locale === 'ja' ? 'カード' : 'card');
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: params.period
        ? `${ctx.schoolName}: ${amount} received for ${params.period} tuition`
        : `${ctx.schoolName}: ${amount} received for your balance`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        params.period
          ? `Thank you: ${amount} for ${params.period} tuition was charged to your ${card} on ${day}.`
          : `Thank you: your payment of ${amount} toward your balance was charged to your ${card} on ${day}.`,
        `Payment reference: ${params.reference}. Your statement lists it with everything else.`,
      ],
      action: { label: 'See your statement', url },
    },
    ja: {
      locale,
      subject: params.period
        ? `${ctx.schoolName} ${params.period} の月謝 ${amount} を受領しました`
        : `${ctx.schoolName} 残高のお支払い ${amount} を受領しました`,
      greeting: `${params.name} 様`,
      paragraphs: [
        params.period
          ? `${day} に ${card} で ${params.period} の月謝 ${amount} を決済しました。ありがとうございます。`
          : `${day} に ${card} で残高 ${amount} のお支払いを受け付けました。ありがとうございます。`,
        `お支払い番号: ${params.reference}。明細にも記載されています。`,
      ],
      action: { label: '明細を見る', url },
    },
  };
  return renderBody(bodies[locale], ctx);
}
