import type { LedgerLine } from '../ledger';

// A family's yearly statement (docs/product.md#receipts): the year's ledger entries, the balance
// before and after, and what was paid for each child.

/** An order item the year's entries charged, with whom it booked. */
export type StatementItem = { id: number; attendees: { id: number; name: string }[] };

export type ChildTotal = { attendeeId: number; name: string; amount: number };

/**
 * What the year's entries charged for each child, after discounts: each item's charges and
 * discounts, shared evenly among the attendees it booked (the first ones take the odd cents, so
 * the shares add up to the item). Refunds are among the entries, not taken off here: a refund
 * names an order, not always a child.
 */
export function paidPerChild(lines: LedgerLine[], items: StatementItem[]): ChildTotal[] {
  const netOfItem = new Map<number, number>();
  for (const line of lines) {
    if (line.orderItemId === null) continue;
    if (line.kind !== 'charge' && line.kind !== 'discount') continue;
    netOfItem.set(line.orderItemId, (netOfItem.get(line.orderItemId) ?? 0) + line.amount);
  }
  const totals = new Map<number, ChildTotal>();
  for (const item of items) {
    const net = netOfItem.get(item.id);
    if (net === undefined || item.attendees.length === 0) continue;
    const n = item.attendees.length;
    const share = Math.floor(net / n);
    item.attendees.forEach((attendee, i) => {
      const amount = share + (i < net - share * n ? 1 : 0);
      const total = totals.get(attendee.id) ?? {
        attendeeId: attendee.id,
        name: attendee.name,
        amount: 0,
      };
      total.amount += amount;
      totals.set(attendee.id, total);
    });
  }
  return [...totals.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.attendeeId - b.attendeeId,
  );
}
