import { appLink, type Language, ORDER_PAGES } from '@atelier/contract';
import { type MailBody, type MailContext, renderBody } from './layout';

export type OrderReceiptParams = {
  name: string;
  orderId: number;
  currency: string;
  /** Cents. */
  total: number;
  items: {
    programme: string;
    schedule: string;
    timeZone: string;
    attendees: string[];
    /** The sessions booked (ISO instants), shown in the schedule's time zone. */
    klasses: string[];
    total: number;
  }[];
};

/** How many session dates one item lists before "and N more". */
const MAX_DATES = 12;

const money = (locale: Language, currency: string, cents: number) =>
  new Intl.NumberFormat(locale === 'ja' ? 'ja-JP' : 'en-US', {
    style: 'currency',
    currency,
  }).format(cents / 100);

function dates(locale: Language, item: OrderReceiptParams['items'][number]): string {
  const format = new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-US', {
    timeZone: item.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const shown = item.klasses.slice(0, MAX_DATES).map((s) => format.format(new Date(s)));
  const more = item.klasses.length - shown.length;
  if (more > 0) shown.push(locale === 'ja' ? `ほか${more}回` : `and ${more} more`);
  return shown.join(', ');
}

/** Sent once an order is paid: who attends what, when, and what was paid. */
export function orderReceiptMail(locale: Language, params: OrderReceiptParams, ctx: MailContext) {
  const ordersUrl = appLink(ctx.appUrl, ORDER_PAGES.orders);
  const total = money(locale, params.currency, params.total);
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `${ctx.schoolName} receipt for order #${params.orderId}`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        `Thank you: we received your payment of ${total} for order #${params.orderId}.`,
        ...params.items.map(
          (item) =>
            `${item.programme} (${item.schedule}) for ${item.attendees.join(', ')}: ${money(locale, params.currency, item.total)}. Dates: ${dates(locale, item)}.`,
        ),
        `Total paid: ${total}.`,
      ],
      action: { label: 'See your orders', url: ordersUrl },
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} ご注文 #${params.orderId} の領収書`,
      greeting: `${params.name} 様`,
      paragraphs: [
        `ご注文 #${params.orderId} のお支払い(${total})を受け付けました。ありがとうございます。`,
        ...params.items.map(
          (item) =>
            `${item.programme}(${item.schedule})受講者: ${item.attendees.join('、')} — ${money(locale, params.currency, item.total)}。日程: ${dates(locale, item)}`,
        ),
        `お支払い合計: ${total}`,
      ],
      action: { label: '注文履歴を見る', url: ordersUrl },
    },
  };
  return renderBody(bodies[locale], ctx);
}
