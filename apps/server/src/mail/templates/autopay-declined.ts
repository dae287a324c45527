import { appLink, type Language } from '@atelier/contract';
import { type MailBody, type MailContext, mailDay, money, renderBody } from './layout';

export type AutopayDeclinedParams = {
  name: string;
  /** The month of tuition, `YYYY-MM`. */
  period: string;
  /** Cents, in `currency`. */
  amount: number;
  currency: string;
  /** The card's brand and last four digits. */
  card: string;
  /** When the card is tried again; null when it will not be (the month is now on the balance). */
  retryAt: Date | null;
};

/**
 * Autopay of a month's tuition was declined (docs/decisions/075-monthly-tuition-and-billing-runs.md):
 * when it is tried again, or that the month is left to pay from /orders.
 */
export function autopayDeclinedMail(
  locale: Language,
  params: AutopayDeclinedParams,
  ctx: MailContext,
) {
  const url = appLink(ctx.appUrl, '/orders');
  const amount = money(locale, params.currency, params.amount);
  const retry = params.retryAt ? mailDay(locale, params.retryAt, 'UTC') : null;
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `${ctx.schoolName}: your card was declined for ${params.period} tuition`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        `We could not charge ${amount} for ${params.period} tuition to your ${params.card}.`,
        retry
          ? `We will try the card again on ${retry}. You can also pay the balance now.`
          : 'We will not try the card again. Please pay the balance due from your orders page.',
      ],
      action: { label: 'Pay balance', url },
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} ${params.period} 月謝のカード決済ができませんでした`,
      greeting: `${params.name} 様`,
      paragraphs: [
        `${params.card} で ${params.period} の月謝 ${amount} を決済できませんでした。`,
        retry
          ? `${retry} に再度決済を試みます。今すぐ残高をお支払いいただくこともできます。`
          : '再決済は行いません。注文ページから未払い残高をお支払いください。',
      ],
      action: { label: '残高を支払う', url },
    },
  };
  return renderBody(bodies[locale], ctx);
}
