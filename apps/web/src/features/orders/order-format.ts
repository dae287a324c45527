import type { Order } from '@atelier/contract';
import { formatCents } from '../../lib/money';

/** An order's amount in its own currency (docs/architecture.md#http-contract: integer cents). */
export function orderMoney(order: Pick<Order, 'currency'>, cents: number, locale: string): string {
  return formatCents(cents, order.currency, locale);
}
