import type { ReceiptDocument } from '@atelier/contract';
import type { Receipt } from './receipt-model';

/** A receipt → its JSON:API document (contract receipts.schemas.ts). */
export function receiptDocument(receipt: Receipt): ReceiptDocument {
  const { school } = receipt;
  return {
    data: {
      id: String(receipt.orderId),
      type: 'receipts',
      attributes: {
        school: {
          name: school.name,
          address_lines: school.addressLines,
          tax_id: school.taxId,
          time_zone: school.timeZone,
        },
        order_id: String(receipt.orderId),
        status: receipt.status,
        currency: receipt.currency,
        ordered_at: receipt.orderedAt.toISOString(),
        paid_at: receipt.paidAt?.toISOString() ?? null,
        items: receipt.items.map((item) => ({
          programme: item.programme,
          schedule: item.schedule,
          start_date: item.startDate,
          end_date: item.endDate,
          attendees: item.attendees,
          subtotal: item.subtotal,
          discount: item.discount,
          total: item.total,
          coupon_code: item.couponCode,
        })),
        subtotal: receipt.subtotal,
        discounts: receipt.discounts,
        total: receipt.total,
        payments: receipt.payments,
        refunds: receipt.refunds.map((r) => ({
          amount: r.amount,
          at: r.at.toISOString(),
          method: r.method,
        })),
        net_paid: receipt.netPaid,
      },
    },
  };
}
