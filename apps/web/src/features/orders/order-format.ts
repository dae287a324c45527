import type { Order } from '@atelier/contract';
import { formatCents } from '../../lib/money';

/** An order's amount in its own currency (docs/architecture.md#http-contract: integer cents). */
export function orderMoney(order: Pick<Order, 'currency'>, cents: number, locale: string): string {
  return formatCents(cents, order.currency, locale);
}

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
  unionpay: 'UnionPay',
};

/** A card brand as people write it (the provider's ids are lower case); a brand's name is not translated. */
export function cardBrandName(brand: string): string {
  return CARD_BRANDS[brand] ?? brand;
}
