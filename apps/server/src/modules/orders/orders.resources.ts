import type { OrderPayment, OrderResource } from '@atelier/contract';
import { amountDue } from './order-amounts';
import type { OrderItemWithAttendees, OrderRow } from './orders.repository';

// Orders → JSON:API (contract orders.schemas.ts): each item is its snapshot, plus the amounts and
// the attendees as they were when ordered.

export function orderResource(
  order: OrderRow,
  items: OrderItemWithAttendees[],
  payment: OrderPayment | null,
): OrderResource {
  return {
    id: String(order.id),
    type: 'orders',
    attributes: {
      status: order.status,
      currency: order.currency,
      subtotal: order.subtotal,
      discount: order.discount,
      total: order.total,
      credit_applied: order.creditApplied,
      amount_due: amountDue(order),
      created_at: order.createdAt.toISOString(),
      expires_at: order.expiresAt.toISOString(),
      paid_at: order.paidAt?.toISOString() ?? null,
      payment_error: order.paymentError,
      items: items.map((item) =>
        item.kind === 'pass'
          ? {
              kind: 'pass' as const,
              ...item.snapshot,
              id: String(item.id),
              number_of_attendees: item.numberOfAttendees,
              units: item.units,
              subtotal: item.subtotal,
              discount: item.discount,
              total: item.total,
              attendees: [],
              coupon: null,
            }
          : item.kind === 'trial'
            ? {
                kind: 'trial' as const,
                ...item.snapshot,
                id: String(item.id),
                number_of_attendees: item.numberOfAttendees,
                units: item.units,
                subtotal: item.subtotal,
                discount: item.discount,
                total: item.total,
                attendees: item.attendees.map((a) => ({
                  id: String(a.attendeeProfileId),
                  name: a.name,
                })),
                coupon: null,
              }
            : {
                kind: 'enrollment' as const,
                ...item.snapshot,
                id: String(item.id),
                number_of_attendees: item.numberOfAttendees,
                units: item.units,
                subtotal: item.subtotal,
                discount: item.discount,
                total: item.total,
                attendees: item.attendees.map((a) => ({
                  id: String(a.attendeeProfileId),
                  name: a.name,
                })),
              },
      ),
      payment: order.status === 'pending' ? payment : null,
    },
  };
}
