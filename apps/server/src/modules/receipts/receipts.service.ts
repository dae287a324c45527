import { type Language, RECEIPT_ORDER_STATUSES } from '@atelier/contract';
import { DateTime } from 'luxon';
import type { SchoolFacts } from '../../config';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Viewer } from '../../lib/http';
import { accountLedgerBetween, orderLedgerLines } from '../ledger';
import { findOrder, itemsOfOrders } from '../orders';
import { paymentCardOfOrder } from '../payments';
import { userById } from '../users';
import { receiptItems } from './receipt-items';
import { type Receipt, type ReceiptOrder, receiptOf } from './receipt-model';
import { receiptPdf } from './receipt-pdf';
import { paidPerChild } from './statement-model';
import type { Statement } from './statement-pdf';
import { statementPdf } from './statement-pdf';

// Receipts and yearly statements (docs/product.md#receipts). This module sits above orders,
// payments and the ledger and owns no table: it reads each through its index.

export type ReceiptsContext = {
  db: Db;
  school: SchoolFacts;
  currency: string;
  now: () => Date;
};

const hasReceipt = (status: string) =>
  (RECEIPT_ORDER_STATUSES as readonly string[]).includes(status);

async function languageOf(db: Db, userId: number | null): Promise<Language> {
  if (userId === null) return 'en';
  return (await userById(db, userId))?.locale ?? 'en';
}

/**
 * An order's receipt and the language its family reads: the family's own orders, any for admins.
 * Anyone else's order, and an order that was never paid, is 404: whether it exists is not theirs
 * to learn.
 */
export async function receiptForViewer(
  ctx: ReceiptsContext,
  viewer: Viewer,
  orderId: number,
): Promise<{ receipt: Receipt; language: Language }> {
  const order = await findOrder(ctx.db, orderId);
  if (!order || (viewer.role !== 'admin' && order.userId !== viewer.id)) throw notFound('Order');
  if (!hasReceipt(order.status)) throw notFound('Receipt');
  const items = (await itemsOfOrders(ctx.db, [order.id])).get(order.id) ?? [];
  const facts: ReceiptOrder = {
    id: order.id,
    status: order.status,
    currency: order.currency,
    subtotal: order.subtotal,
    discount: order.discount,
    total: order.total,
    creditApplied: order.creditApplied,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    items: receiptItems(order, items, ctx.school.timeZone),
  };
  const receipt = receiptOf(
    ctx.school,
    facts,
    await orderLedgerLines(ctx.db, order.id),
    await paymentCardOfOrder(ctx.db, order.id),
  );
  return { receipt, language: await languageOf(ctx.db, order.userId) };
}

/** GET /api/v2/orders/{id}/receipt.pdf. */
export async function receiptPdfForViewer(
  ctx: ReceiptsContext,
  viewer: Viewer,
  orderId: number,
): Promise<Buffer> {
  const { receipt, language } = await receiptForViewer(ctx, viewer, orderId);
  return receiptPdf(receipt, language);
}

/**
 * The signed-in family's statement of a calendar year, cut at midnight on January 1 in the
 * school's time zone, as the school's books are.
 */
export async function statementOfYear(
  ctx: ReceiptsContext,
  userId: number,
  year: number,
): Promise<Statement & { language: Language }> {
  const zone = ctx.school.timeZone;
  const from = DateTime.fromObject({ year, month: 1, day: 1 }, { zone }).toJSDate();
  const to = DateTime.fromObject({ year: year + 1, month: 1, day: 1 }, { zone }).toJSDate();
  const { lines, opening, closing } = await accountLedgerBetween(ctx.db, userId, from, to);
  const orderIds = [
    ...new Set(
      lines.flatMap((l) => (l.orderItemId !== null && l.orderId !== null ? [l.orderId] : [])),
    ),
  ];
  const itemsByOrder = await itemsOfOrders(ctx.db, orderIds);
  const items = [...itemsByOrder.values()].flat().map((item) => ({
    id: item.id,
    // A deleted family's children have no profile left to total by.
    attendees: item.attendees.flatMap((a) =>
      a.attendeeProfileId === null ? [] : [{ id: a.attendeeProfileId, name: a.name }],
    ),
  }));
  const user = await userById(ctx.db, userId);
  return {
    school: ctx.school,
    year,
    familyName: user?.name ?? '',
    currency: lines[0]?.currency ?? ctx.currency,
    lines,
    opening,
    closing,
    perChild: paidPerChild(lines, items),
    issuedAt: ctx.now(),
    language: user?.locale ?? 'en',
  };
}

/** GET /api/v2/account/statement.pdf?year=YYYY. */
export async function statementPdfOfYear(
  ctx: ReceiptsContext,
  userId: number,
  year: number,
): Promise<Buffer> {
  const { language, ...statement } = await statementOfYear(ctx, userId, year);
  return statementPdf(statement, language);
}
