import type {
  LedgerDocument,
  LedgerEntryDocument,
  LedgerEntryResource,
  LedgerPaymentMethod,
  ledgerAdjustmentBodySchema,
} from '@atelier/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { pageMeta, pageWindow } from '../../lib/http';
import { guestCustomerContact, guestCustomerIdsOfUser } from '../customers';
import { peopleByIds, roleOfUser } from '../users';
import type { LedgerContext } from './ledger.context';
import {
  entriesBetween,
  entriesOfOrders,
  entriesPage,
  insertEntries,
  type LedgerEntryRow,
  type LedgerOwner,
  type LedgerSource,
  ledgerTotals,
  paymentsOfOrder,
  sumsByKind,
} from './ledger.repository';
import { entryRowOf, type LedgerEntryInput } from './ledger-entries';

// A family's ledger (docs/product.md#a-familys-ledger, docs/decisions/062-family-ledger.md).

/**
 * Writes entries in the caller's transaction: the one that moves the money (an order paid, a
 * refund applied, staff's credit), so the ledger never tells of a move that was rolled back.
 * Entries of zero are not written.
 */
export async function recordEntries(tx: Db, entries: LedgerEntryInput[]): Promise<void> {
  await insertEntries(tx, entries.filter((e) => e.amount !== 0).map(entryRowOf));
}

/** What an order's payments took by method, in cents (only methods that took something). */
export async function orderPaymentsByMethod(
  db: Db,
  orderId: number,
): Promise<Partial<Record<LedgerPaymentMethod, number>>> {
  const out: Partial<Record<LedgerPaymentMethod, number>> = {};
  for (const row of await paymentsOfOrder(db, orderId)) {
    if (row.method && row.amount > 0) out[row.method as LedgerPaymentMethod] = row.amount;
  }
  return out;
}

function entryResource(
  row: LedgerEntryRow,
  names: Map<number, { name: string }>,
): LedgerEntryResource {
  const id = (v: number | null) => (v === null ? null : String(v));
  const by = row.createdById === null ? undefined : names.get(row.createdById);
  return {
    id: String(row.id),
    type: 'ledger_entries',
    attributes: {
      kind: row.kind,
      amount: row.amount,
      currency: row.currency,
      method: row.method,
      description: row.description,
      order_id: id(row.orderId),
      order_item_id: id(row.orderItemId),
      payment_id: id(row.paymentId),
      refund_id: id(row.refundId),
      billing_period: row.billingPeriod,
      created_by:
        by && row.createdById !== null ? { id: String(row.createdById), name: by.name } : null,
      created_at: row.createdAt.toISOString(),
    },
  };
}

async function ledgerPage(
  ctx: LedgerContext,
  owner: LedgerOwner,
  page: number,
): Promise<LedgerDocument> {
  const rows = await entriesPage(ctx.db, owner, pageWindow(page));
  const { total, balance } = await ledgerTotals(ctx.db, owner);
  const actorIds = [
    ...new Set(rows.flatMap((r) => (r.createdById === null ? [] : [r.createdById]))),
  ];
  const names = actorIds.length === 0 ? new Map() : await peopleByIds(ctx.db, actorIds);
  return {
    data: rows.map((r) => entryResource(r, names)),
    meta: { ...pageMeta(page, total), balance, currency: ctx.currency },
  };
}

/** An account's ledger: its own entries and those of the walk-ins whose history joined it. */
async function accountOwner(db: Db, userId: number): Promise<LedgerOwner> {
  return { userId, guestCustomerIds: await guestCustomerIdsOfUser(db, userId) };
}

/**
 * An account's balance (its joined walk-ins' entries too): negative when the school owes the
 * family, which checkout may spend (docs/decisions/064-account-credit-at-checkout.md).
 */
export async function accountBalance(db: Db, userId: number): Promise<number> {
  return (await ledgerTotals(db, await accountOwner(db, userId))).balance;
}

/** GET /api/v2/account/ledger: the signed-in family's own. */
export async function accountLedger(
  ctx: LedgerContext,
  userId: number,
  page: number,
): Promise<LedgerDocument> {
  return ledgerPage(ctx, await accountOwner(ctx.db, userId), page);
}

/** An account holder (a student account), or 404 as the customers' routes answer. */
async function customerOwner(db: Db, userId: number): Promise<LedgerOwner> {
  if ((await roleOfUser(db, userId)) !== 'student') throw notFound('Customer');
  return accountOwner(db, userId);
}

/** GET /api/v2/admin/customers/{id}/ledger. */
export async function customerLedger(
  ctx: LedgerContext,
  userId: number,
  page: number,
): Promise<LedgerDocument> {
  return ledgerPage(ctx, await customerOwner(ctx.db, userId), page);
}

/** GET /api/v2/admin/guest_customers/{id}/ledger. */
export async function guestCustomerLedger(
  ctx: LedgerContext,
  guestCustomerId: number,
  page: number,
): Promise<LedgerDocument> {
  if (!(await guestCustomerContact(ctx.db, guestCustomerId))) throw notFound('Walk-in customer');
  return ledgerPage(ctx, { guestCustomerId }, page);
}

/**
 * POST /api/v2/admin/customers/{id}/ledger: staff's credit (the family is owed the amount) or
 * charge (it owes it), with the reason it is shown with. A mistake is undone by the opposite one.
 */
export async function addAdjustment(
  ctx: LedgerContext,
  adminId: number,
  userId: number,
  body: z.output<typeof ledgerAdjustmentBodySchema>,
): Promise<LedgerEntryDocument> {
  const owner = await customerOwner(ctx.db, userId);
  const entry: LedgerEntryInput = {
    owner: { userId, guestCustomerId: null },
    kind: body.kind,
    amount: body.kind === 'credit' ? -body.amount : body.amount,
    currency: ctx.currency,
    description: body.reason,
    createdById: adminId,
    at: ctx.now(),
  };
  const [row] = await ctx.db.transaction((tx) => insertEntries(tx, [entryRowOf(entry)]));
  if (!row) throw new Error('insert returned no row');
  const { balance } = await ledgerTotals(ctx.db, owner);
  const names = await peopleByIds(ctx.db, [adminId]);
  return { data: entryResource(row, names), meta: { balance, currency: ctx.currency } };
}

/**
 * The figures the sales overview shows, from the ledger, for entries written in `[from, to)`:
 * gross is what orders were charged net of discounts (written when they were paid) and the months
 * of tuition billed, refunds the money given back to orders, net the difference; payments what
 * orders were paid (docs/product.md#sales-overview).
 */
export async function ledgerSalesFigures(
  db: Db,
  from: Date,
  to: Date,
): Promise<{ gross: number; refunds: number; net: number; payments: number }> {
  const sums = await sumsByKind(db, from, to);
  const of = (kinds: string[], sources: LedgerSource[] = ['order']) =>
    sums
      .filter((s) => kinds.includes(s.kind) && sources.includes(s.source))
      .reduce((t, s) => t + s.amount, 0);
  const gross = of(['charge', 'discount']) + of(['charge'], ['tuition']);
  const refunds = of(['refund']);
  // 0 - x, not -x: an empty sum must read 0, not -0.
  return { gross, refunds, net: gross - refunds, payments: 0 - of(['payment']) };
}

/** A ledger entry as receipts and statements read it. */
export type LedgerLine = Pick<
  LedgerEntryRow,
  'id' | 'kind' | 'amount' | 'currency' | 'method' | 'description' | 'orderId' | 'orderItemId'
> & { at: Date };

const lineOf = (row: LedgerEntryRow): LedgerLine => ({
  id: row.id,
  kind: row.kind,
  amount: row.amount,
  currency: row.currency,
  method: row.method,
  description: row.description,
  orderId: row.orderId,
  orderItemId: row.orderItemId,
  at: row.createdAt,
});

/** The entries of one order, oldest first: how it was paid and what went back (receipts). */
export async function orderLedgerLines(db: Db, orderId: number): Promise<LedgerLine[]> {
  return (await entriesOfOrders(db, [orderId])).map(lineOf);
}

/**
 * The signed-in family's entries written in `[from, to)`, oldest first, with its balance before
 * and after them (the yearly statement, docs/product.md#receipts).
 */
export async function accountLedgerBetween(
  db: Db,
  userId: number,
  from: Date,
  to: Date,
): Promise<{ lines: LedgerLine[]; opening: number; closing: number }> {
  const found = await entriesBetween(db, await accountOwner(db, userId), from, to);
  return { lines: found.rows.map(lineOf), opening: found.opening, closing: found.closing };
}
