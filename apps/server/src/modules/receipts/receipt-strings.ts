import {
  cardBrandName,
  type Language,
  type LedgerEntryKind,
  type LedgerPaymentMethod,
  type OrderStatus,
} from '@atelier/contract';

// The words of receipts and statements, in each language a family can choose
// (docs/product.md#receipts); like the mails, each language is written out, not translated at
// run time.

export type DocumentStrings = {
  locale: string;
  receiptTitle: (orderId: number) => string;
  taxId: (id: string) => string;
  order: (orderId: number) => string;
  ordered: (date: string) => string;
  paid: (date: string) => string;
  status: Record<OrderStatus, string>;
  items: string;
  dates: (start: string, end: string) => string;
  attendees: (names: string[]) => string;
  listPrice: string;
  subtotal: string;
  coupon: (code: string) => string;
  discount: string;
  total: string;
  paymentTitle: string;
  method: Record<LedgerPaymentMethod, string>;
  card: (brand: string, last4: string) => string;
  nothingToPay: string;
  refundsTitle: string;
  refund: (date: string, method: string) => string;
  netPaid: string;
  statementTitle: (year: number) => string;
  statementFor: (name: string) => string;
  openingBalance: string;
  closingBalance: string;
  balanceNote: string;
  entriesTitle: string;
  noEntries: string;
  kind: Record<LedgerEntryKind, string>;
  perChildTitle: string;
  noChildren: string;
  generated: (date: string) => string;
};

export const DOCUMENT_STRINGS: Record<Language, DocumentStrings> = {
  en: {
    locale: 'en-US',
    receiptTitle: (id) => `Receipt for order #${id}`,
    taxId: (id) => `Tax ID: ${id}`,
    order: (id) => `Order #${id}`,
    ordered: (date) => `Ordered: ${date}`,
    paid: (date) => `Paid: ${date}`,
    status: {
      pending: 'Waiting for payment',
      paid: 'Paid',
      failed: 'Failed',
      canceled: 'Canceled',
      expired: 'Expired',
      refunded: 'Refunded',
      partially_refunded: 'Partly refunded',
    },
    items: 'Classes',
    dates: (start, end) => `${start} – ${end}`,
    attendees: (names) => `For: ${names.join(', ')}`,
    listPrice: 'List price',
    subtotal: 'Subtotal',
    coupon: (code) => `Discount (coupon ${code})`,
    discount: 'Discount',
    total: 'Total',
    paymentTitle: 'Payment',
    method: { card: 'Card', cash: 'Cash', check: 'Check', account_credit: 'Account credit' },
    card: (brand, last4) => `${cardBrandName(brand)} ending in ${last4}`,
    nothingToPay: 'Nothing to pay',
    refundsTitle: 'Refunds',
    refund: (date, method) => `Refunded ${date} (${method})`,
    netPaid: 'Paid, less refunds',
    statementTitle: (year) => `Statement for ${year}`,
    statementFor: (name) => `For: ${name}`,
    openingBalance: 'Balance on January 1',
    closingBalance: 'Balance on December 31',
    balanceNote: 'A positive balance is owed to the school; a negative one is owed to you.',
    entriesTitle: 'Entries',
    noEntries: 'No entries this year.',
    kind: {
      charge: 'Charge',
      discount: 'Discount',
      payment: 'Payment',
      refund: 'Refund',
      credit: 'Credit',
      credit_applied: 'Account credit used',
      write_off: 'Written off',
    },
    perChildTitle: 'Paid for each child',
    noChildren: 'No classes were bought this year.',
    generated: (date) => `Issued ${date}`,
  },
  ja: {
    locale: 'ja-JP',
    receiptTitle: (id) => `領収書(ご注文 #${id})`,
    taxId: (id) => `登録番号: ${id}`,
    order: (id) => `ご注文 #${id}`,
    ordered: (date) => `ご注文日: ${date}`,
    paid: (date) => `お支払い日: ${date}`,
    status: {
      pending: 'お支払い待ち',
      paid: 'お支払い済み',
      failed: '失敗',
      canceled: 'キャンセル',
      expired: '期限切れ',
      refunded: '返金済み',
      partially_refunded: '一部返金済み',
    },
    items: 'クラス',
    dates: (start, end) => `${start} 〜 ${end}`,
    attendees: (names) => `受講者: ${names.join('、')}`,
    listPrice: '定価',
    subtotal: '小計',
    coupon: (code) => `割引(クーポン ${code})`,
    discount: '割引',
    total: '合計',
    paymentTitle: 'お支払い方法',
    method: {
      card: 'カード',
      cash: '現金',
      check: '小切手',
      account_credit: 'アカウントのクレジット',
    },
    card: (brand, last4) => `${cardBrandName(brand)} 末尾 ${last4}`,
    nothingToPay: 'お支払いはありません',
    refundsTitle: '返金',
    refund: (date, method) => `${date} 返金(${method})`,
    netPaid: 'お支払い額(返金後)',
    statementTitle: (year) => `${year}年 明細書`,
    statementFor: (name) => `${name} 様`,
    openingBalance: '1月1日時点の残高',
    closingBalance: '12月31日時点の残高',
    balanceNote:
      '残高がプラスの場合はスクールへのお支払い残、マイナスの場合はお客様への返金残です。',
    entriesTitle: '取引',
    noEntries: 'この年の取引はありません。',
    kind: {
      charge: 'ご請求',
      discount: '割引',
      payment: 'お支払い',
      refund: '返金',
      credit: 'クレジット',
      credit_applied: 'アカウントのクレジットの利用',
      write_off: '免除',
    },
    perChildTitle: 'お子さまごとのお支払い額',
    noChildren: 'この年のクラスのご購入はありません。',
    generated: (date) => `発行日: ${date}`,
  },
};

/** Amounts as the family reads them, in the order's currency. */
export function moneyIn(strings: DocumentStrings, currency: string, cents: number): string {
  return new Intl.NumberFormat(strings.locale, { style: 'currency', currency }).format(cents / 100);
}

/** An instant as a date in the school's zone. */
export function dateIn(strings: DocumentStrings, zone: string, at: Date): string {
  return new Intl.DateTimeFormat(strings.locale, { timeZone: zone, dateStyle: 'medium' }).format(
    at,
  );
}

/** A plain date (YYYY-MM-DD) as written, whatever the zone. */
export function plainDateIn(strings: DocumentStrings, date: string): string {
  return new Intl.DateTimeFormat(strings.locale, { timeZone: 'UTC', dateStyle: 'medium' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
