import {
  ADMIN_ORDER_CSV_COLUMNS,
  ADMIN_ORDER_CSV_MAX_ROWS,
  ADMIN_ORDER_MESSAGES,
  type AdminOrderDocument,
  type AdminOrderListDocument,
  DEFAULT_TIMEZONE,
  type OrderCustomer,
} from '@atelier/contract';
import { DateTime } from 'luxon';
import type { Db } from '../../db/client';
import { notFound, ValidationError } from '../../lib/app-error';
import { pageMeta, pageWindow } from '../../lib/http';
import {
  cancelPendingOrder,
  expireDueOrders,
  itemsOfOrders,
  type OrderItemWithAttendees,
  orderResource,
} from '../../modules/orders';
import {
  type AdminOrderFilter,
  type AdminOrderSummaryRow,
  adminOrderPage,
  adminOrderRows,
  adminOrderSummary,
  type OrderHistory,
  orderHistory,
} from './admin-orders.queries';

// Order management (docs/product.md#order-management, decision 032).

export type AdminOrdersContext = {
  db: Db;
  /** The clock; tests pin it. */
  now: () => Date;
};

/** The list query after validation (page defaulted, ids numbers). */
type ListQuery = {
  page: number;
  status?: AdminOrderFilter['status'];
  from?: string;
  to?: string;
  klass_group_id?: number;
  search?: string;
};

/** Date filters are whole days in the school's time zone, the days staff think in. */
function filterOf(query: ListQuery): AdminOrderFilter {
  const day = (date: string) => DateTime.fromISO(date, { zone: DEFAULT_TIMEZONE }).startOf('day');
  return {
    status: query.status,
    from: query.from ? day(query.from).toJSDate() : undefined,
    before: query.to ? day(query.to).plus({ days: 1 }).toJSDate() : undefined,
    klassGroupId: query.klass_group_id,
    search: query.search || undefined,
  };
}

function customerOf(row: AdminOrderSummaryRow): OrderCustomer | null {
  const { order } = row;
  if (order.userId !== null && row.userName !== null) {
    return { kind: 'account', id: String(order.userId), name: row.userName, email: row.userEmail };
  }
  if (order.guestCustomerId !== null && row.guestName !== null) {
    return {
      kind: 'walk_in',
      id: String(order.guestCustomerId),
      name: row.guestName,
      email: row.guestEmail,
    };
  }
  return null;
}

function summaryAttributes(row: AdminOrderSummaryRow) {
  const { order } = row;
  return {
    status: order.status,
    currency: order.currency,
    subtotal: order.subtotal,
    discount: order.discount,
    total: order.total,
    refunded_amount: row.refundedAmount,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    customer: customerOf(row),
    programmes: row.programmes,
    attendee_count: row.attendeeCount,
    pending_refund_requests: row.pendingRefundRequests,
  };
}

/** What is left to refund: only a paid order's money can go back. */
function refundableOf(row: AdminOrderSummaryRow): number {
  const { order } = row;
  if (order.status !== 'paid' && order.status !== 'partially_refunded') return 0;
  return Math.max(0, order.total - row.refundedAmount - row.pendingRefundAmount);
}

function detailDocument(
  row: AdminOrderSummaryRow,
  items: OrderItemWithAttendees[],
  history: OrderHistory,
): AdminOrderDocument {
  const { order } = row;
  // Refund tables name order item attendees; the contract names attendees by profile, like items.
  const attendeeById = new Map(
    items.flatMap((item) =>
      item.attendees.map((a) => [a.id, { a, share: item.total / item.numberOfAttendees }] as const),
    ),
  );
  const named = (ids: number[]) =>
    ids.flatMap((id) => {
      const found = attendeeById.get(id);
      return found ? [{ id: String(found.a.attendeeProfileId), name: found.a.name }] : [];
    });
  const refundable = refundableOf(row);
  const person = (id: number | null, name: string | null) =>
    id !== null && name !== null ? { id: String(id), name } : null;
  return {
    data: {
      id: String(order.id),
      type: 'orders',
      attributes: {
        ...summaryAttributes(row),
        expires_at: order.expiresAt.toISOString(),
        closed_at: order.closedAt?.toISOString() ?? null,
        payment_error: order.paymentError,
        placed_by: history.placedBy
          ? { id: String(history.placedBy.id), name: history.placedBy.name }
          : null,
        items: orderResource(order, items, null).attributes.items,
        payments: history.payments.map((p) => ({
          id: String(p.id),
          provider: p.provider,
          intent_id: p.intentId,
          amount: p.amount,
          currency: p.currency,
          status: p.status,
          last_error: p.lastError,
          created_at: p.createdAt.toISOString(),
          updated_at: p.updatedAt.toISOString(),
        })),
        refund_requests: history.refundRequests.map(({ request, ...who }) => {
          const attendeeIds = history.requestAttendees
            .filter((a) => a.refundRequestId === request.id)
            .map((a) => a.orderItemAttendeeId);
          const share = Math.round(
            attendeeIds.reduce((n, id) => n + (attendeeById.get(id)?.share ?? 0), 0),
          );
          return {
            id: String(request.id),
            status: request.status,
            reason: request.reason,
            whole_order: attendeeIds.length === 0,
            attendees: named(attendeeIds),
            suggested_amount:
              request.status !== 'pending'
                ? 0
                : attendeeIds.length === 0
                  ? refundable
                  : Math.min(share, refundable),
            requested_by:
              who.requesterName !== null && who.requesterEmail !== null
                ? {
                    id: String(request.requestedById),
                    name: who.requesterName,
                    email: who.requesterEmail,
                  }
                : null,
            decided_by: person(request.decidedById, who.deciderName),
            decision_note: request.decisionNote,
            decided_at: request.decidedAt?.toISOString() ?? null,
            created_at: request.createdAt.toISOString(),
          };
        }),
        refunds: history.refunds.map(({ refund, creatorName }) => ({
          id: String(refund.id),
          refund_request_id:
            refund.refundRequestId === null ? null : String(refund.refundRequestId),
          amount: refund.amount,
          reason: refund.reason,
          status: refund.status,
          method: refund.method,
          attendees: named(
            history.refundedAttendees
              .filter((a) => a.refundId === refund.id)
              .map((a) => a.orderItemAttendeeId),
          ),
          created_by: person(refund.createdById, creatorName),
          created_at: refund.createdAt.toISOString(),
        })),
        pending_refund_amount: row.pendingRefundAmount,
        refundable_amount: refundable,
        events: history.events.map(({ event, actorName }) => ({
          id: String(event.id),
          type: event.type,
          actor: person(event.actorId, actorName),
          data: event.data,
          created_at: event.createdAt.toISOString(),
        })),
      },
    },
  };
}

/** GET /api/v2/admin/orders: a page of every order, newest first. */
export async function listAdminOrders(
  ctx: AdminOrdersContext,
  query: ListQuery,
): Promise<AdminOrderListDocument> {
  // Statuses as they are now: a pending order past its hold is listed expired.
  await expireDueOrders(ctx.db, ctx.now());
  const { rows, total } = await adminOrderPage(ctx.db, filterOf(query), pageWindow(query.page));
  return {
    data: rows.map((row) => ({
      id: String(row.order.id),
      type: 'orders' as const,
      attributes: summaryAttributes(row),
    })),
    meta: pageMeta(query.page, total),
  };
}

/** GET /api/v2/admin/orders/{id}. */
export async function getAdminOrder(
  ctx: AdminOrdersContext,
  id: number,
): Promise<AdminOrderDocument> {
  await expireDueOrders(ctx.db, ctx.now());
  return detailOf(ctx.db, id);
}

async function detailOf(db: Db, id: number): Promise<AdminOrderDocument> {
  const row = await adminOrderSummary(db, id);
  if (!row) throw notFound('Order');
  const [items, history] = await Promise.all([itemsOfOrders(db, [id]), orderHistory(db, id)]);
  return detailDocument(row, items.get(id) ?? [], history);
}

/** POST /api/v2/admin/orders/{id}/cancel: as the owner's cancel, by staff; 409 unless pending. */
export async function cancelAdminOrder(
  ctx: AdminOrdersContext,
  id: number,
  adminId: number,
): Promise<AdminOrderDocument> {
  const at = ctx.now();
  await expireDueOrders(ctx.db, at);
  await cancelPendingOrder(ctx.db, { orderId: id, actorId: adminId, by: 'staff', at });
  return detailOf(ctx.db, id);
}

/**
 * A cell a spreadsheet will not run: text starting with = + - @ or a tab/CR is a formula to
 * Excel and LibreOffice, so it gets a leading apostrophe (OWASP's CSV injection advice); then
 * quoted when it holds a comma, a quote or a line break.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Cents as a decimal amount of the currency (`1250` USD → `12.50`). */
function amountOf(cents: number, currency: string): string {
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
  } catch {
    // An unknown currency code: cents, as most currencies count them.
  }
  return (cents / 10 ** digits).toFixed(digits);
}

/**
 * GET /api/v2/admin/orders?format=csv: every order of the filter, newest first. Capped at
 * ADMIN_ORDER_CSV_MAX_ROWS: more is a 422 asking for a narrower filter, never a cut-off file.
 */
export async function exportAdminOrders(
  ctx: AdminOrdersContext,
  query: ListQuery,
): Promise<string> {
  await expireDueOrders(ctx.db, ctx.now());
  const rows = await adminOrderRows(ctx.db, filterOf(query), ADMIN_ORDER_CSV_MAX_ROWS + 1);
  if (rows.length > ADMIN_ORDER_CSV_MAX_ROWS) {
    throw new ValidationError([
      { field: 'format', detail: ADMIN_ORDER_MESSAGES.tooManyRows(ADMIN_ORDER_CSV_MAX_ROWS) },
    ]);
  }
  const local = (at: Date | null) =>
    at
      ? DateTime.fromJSDate(at, { zone: DEFAULT_TIMEZONE }).toISO({ suppressMilliseconds: true })
      : null;
  const lines = [ADMIN_ORDER_CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const { order } = row;
    const customer = customerOf(row);
    const cells: (string | number | null)[] = [
      order.id,
      local(order.createdAt),
      order.status,
      customer?.name ?? null,
      customer?.email ?? null,
      customer?.kind ?? null,
      row.programmes.join('; '),
      row.attendeeCount,
      order.currency,
      amountOf(order.subtotal, order.currency),
      amountOf(order.discount, order.currency),
      amountOf(order.total, order.currency),
      amountOf(row.refundedAmount, order.currency),
      local(order.paidAt),
    ];
    lines.push(cells.map(csvCell).join(','));
  }
  // CRLF rows (RFC 4180), and a BOM so that Excel reads UTF-8 names right.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
