import { appLink, cardBrandName, type Language, ORDER_PAGES } from '@atelier/contract';
import { type MailBody, type MailContext, money, renderBody } from './layout';

export type OrderReceiptParams = {
  name: string;
  orderId: number;
  currency: string;
  /** Cents. */
  total: number;
  /** At list price (cents); older queued mails have none. */
  subtotal?: number;
  /** Each discount: a coupon's (its code) or the order's own (code null). */
  discounts?: { code: string | null; amount: number }[];
  /** How it was paid: the method, the card's brand and last four digits when by card. */
  payments?: {
    method: 'card' | 'cash' | 'check' | 'account_credit';
    amount: number;
    card: { brand: string; last4: string } | null;
  }[];
  items: {
    programme: string;
    schedule: string;
    timeZone: string;
    attendees: string[];
    /** The sessions booked (ISO instants), shown in the schedule's time zone. */
    klasses: string[];
    total: number;
    /** At list price (cents), shown beside the item when given. */
    subtotal?: number;
    /** A class pass (decision 076): its visits and validity instead of a schedule's dates. */
    pass?: { visits: number; validityDays: number };
  }[];
};

const METHODS: Record<Language, Record<string, string>> = {
  en: { card: 'Card', cash: 'Cash', check: 'Check', account_credit: 'Account credit' },
  ja: { card: 'カード', cash: '現金', check: '小切手', account_credit: 'アカウントのクレジット' },
};

/**
 * The receipt's price lines, as the PDF and /orders read them (docs/product.md#receipts):
 * subtotal at list price, each discount, the total, how it was paid, and who issued it.
 */
function priceLines(locale: Language, params: OrderReceiptParams, ctx: MailContext): string[] {
  const m = (cents: number) => money(locale, params.currency, cents);
  const ja = locale === 'ja';
  const lines: string[] = [];
  if (params.subtotal !== undefined)
    lines.push(`${ja ? '小計' : 'Subtotal'}: ${m(params.subtotal)}`);
  for (const d of params.discounts ?? []) {
    const label = d.code
      ? ja
        ? `割引(クーポン ${d.code})`
        : `Discount (coupon ${d.code})`
      : ja
        ? '割引'
        : 'Discount';
    lines.push(`${label}: −${m(d.amount)}`);
  }
  lines.push(`${ja ? '合計' : 'Total'}: ${m(params.total)}`);
  for (const p of params.payments ?? []) {
    const how = p.card
      ? ja
        ? `${cardBrandName(p.card.brand)} 末尾 ${p.card.last4}`
        : `${cardBrandName(p.card.brand)} ending in ${p.card.last4}`
      : METHODS[locale][p.method];
    lines.push(`${ja ? 'お支払い方法' : 'Paid by'}: ${how} (${m(p.amount)})`);
  }
  if (ctx.school) {
    const issuer = [ctx.schoolName, ...ctx.school.addressLines].join(', ');
    const tax = ctx.school.taxId ? ` · ${ja ? '登録番号' : 'Tax ID'}: ${ctx.school.taxId}` : '';
    lines.push(`${ja ? '発行' : 'Issued by'}: ${issuer}${tax}`);
  }
  return lines;
}

/** How many session dates one item lists before "and N more". */
const MAX_DATES = 12;

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
  // An order paid wholly from account credit took no new payment (docs/decisions/064): thanking
  // the family for "your payment" would send them looking for a charge that never happened.
  const fromCredit =
    (params.payments ?? []).length > 0 &&
    (params.payments ?? []).every((p) => p.method === 'account_credit');
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `${ctx.schoolName} receipt for order #${params.orderId}`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        fromCredit
          ? `Thank you: order #${params.orderId} (${total}) is paid from your account credit; nothing was charged.`
          : `Thank you: we received your payment of ${total} for order #${params.orderId}.`,
        ...params.items.map((item) =>
          item.pass
            ? `Class pass ${item.programme}: ${item.pass.visits} visits, valid ${item.pass.validityDays} days from payment: ${money(locale, params.currency, item.subtotal ?? item.total)}.`
            : `${item.programme} (${item.schedule}) for ${item.attendees.join(', ')}: ${money(locale, params.currency, item.subtotal ?? item.total)}. Dates: ${dates(locale, item)}.`,
        ),
        ...priceLines(locale, params, ctx),
        `Total paid: ${total}.`,
      ],
      action: { label: 'See your orders', url: ordersUrl },
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} ご注文 #${params.orderId} の領収書`,
      greeting: `${params.name} 様`,
      paragraphs: [
        fromCredit
          ? `ご注文 #${params.orderId}(${total})はアカウントのクレジットからお支払いいただきました。新たな請求はありません。ありがとうございます。`
          : `ご注文 #${params.orderId} のお支払い(${total})を受け付けました。ありがとうございます。`,
        ...params.items.map((item) =>
          item.pass
            ? `回数券 ${item.programme}: ${item.pass.visits} 回、お支払いから ${item.pass.validityDays} 日間有効 — ${money(locale, params.currency, item.subtotal ?? item.total)}`
            : `${item.programme}(${item.schedule})受講者: ${item.attendees.join('、')} — ${money(locale, params.currency, item.subtotal ?? item.total)}。日程: ${dates(locale, item)}`,
        ),
        ...priceLines(locale, params, ctx),
        `お支払い合計: ${total}`,
      ],
      action: { label: '注文履歴を見る', url: ordersUrl },
    },
  };
  return renderBody(bodies[locale], ctx);
}
