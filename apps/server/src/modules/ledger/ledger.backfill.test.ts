import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, openPglite } from '../../db/client';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { selectRows } from '../../db/select-rows';
import { testDbKind } from '../../testing/test-database';

// Migration 0015 backfills the ledger from what was paid and refunded before it
// (docs/decisions/062-family-ledger.md): a database migrated to 0014 is given a card order with a
// coupon and an add-on, partly refunded (one refund succeeded, one failed), a walk-in's order
// paid by check at the desk, a card paid after the seats went, and orders never paid; after 0015
// every family's balance is zero but the late card's (owed back), and every order's entries are
// what was paid minus what was refunded.

const journal: { entries: { tag: string }[] } = JSON.parse(
  readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
);
const statementsOf = (tag: string) =>
  readFileSync(join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

async function apply(database: Database, tag: string) {
  await database.db.transaction(async (tx) => {
    for (const statement of statementsOf(tag)) await tx.execute(sql.raw(statement));
  });
}

/** A database with nothing in it, of the kind the tests run on. */
async function blankDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (testDbKind() === 'pglite') {
    const database = await openPglite(new PGlite());
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.DATABASE_URL ?? '';
  const name = `atelier_backfill_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

const SNAPSHOT = (addons: string[]) =>
  JSON.stringify({
    klass_group: { id: '1', name: 'Drawing', slug: 'drawing', image_url: null },
    klass_group_schedule: { id: '1', name: 'Saturdays' },
    plan: { id: '1', name: 'Term' },
    addons: addons.map((name, i) => ({ id: String(i + 1), name, price: 500 })),
    coupon: null,
  });

describe('migration 0015 backfills the ledger', { timeout: 120_000 }, () => {
  let database: Database;
  let drop: () => Promise<void>;
  const q = (text: string) => database.db.execute(sql.raw(text));
  const rows = <T>(text: string) => selectRows<T>(database.db, sql.raw(text));

  beforeAll(async () => {
    ({ database, drop } = await blankDatabase());
    const tags = journal.entries.map((e) => e.tag);
    const at = tags.indexOf('0015_family_ledger');
    expect(at).toBeGreaterThan(0);
    for (const tag of tags.slice(0, at)) await apply(database, tag);

    await q(`insert into users (id, email, password_hash, name, role) overriding system value values
      (1, 'fam@x.test', 'x', 'Fam', 'student'), (2, 'admin@x.test', 'x', 'Ada', 'admin'),
      (3, 'late@x.test', 'x', 'Late', 'student')`);
    await q(`insert into guest_customers (id, name) overriding system value values (1, 'Walk In')`);
    await q(`insert into klass_groups (id, name, slug, audience, format) overriding system value
      values (1, 'Drawing', 'drawing', 'kids', 'in_person')`);
    await q(`insert into klass_group_schedules (id, klass_group_id, name, teacher_id, capacity,
      time_zone, start_date, end_date, slots) overriding system value
      values (1, 1, 'Saturdays', 2, 10, 'America/New_York', '2030-01-01', '2030-03-01', '[]')`);
    // 1: card, 2 attendees, a sketchbook add-on, 10% off: 11000 − 1100 = 9900; 3000 refunded, 500 failed.
    // 2: a walk-in's, paid by check at the desk. 3: paid after the seats went. 4, 5: never paid.
    await q(`insert into orders (id, user_id, guest_customer_id, placed_by_id, status, currency,
      subtotal, discount, total, idempotency_key, expires_at, paid_at) overriding system value values
      (1, 1, null, null, 'partially_refunded', 'USD', 11000, 1100, 9900, 'a', now(), '2026-05-01T15:00:00Z'),
      (2, null, 1, 2, 'paid', 'USD', 4000, 0, 4000, 'b', now(), '2026-05-02T15:00:00Z'),
      (3, 3, null, null, 'failed', 'USD', 2500, 0, 2500, 'c', now(), null),
      (4, 1, null, null, 'expired', 'USD', 2500, 0, 2500, 'd', now(), null),
      (5, 1, null, null, 'pending', 'USD', 2500, 0, 2500, 'e', now(), null)`);
    await q(`insert into order_items (id, order_id, schedule_id, plan_id, number_of_attendees,
      units, subtotal, discount, total, coupon_code, snapshot) overriding system value values
      (1, 1, 1, 1, 2, 1, 11000, 1100, 9900, 'TENOFF', '${SNAPSHOT(['Sketchbook'])}'),
      (2, 2, 1, 1, 1, 1, 4000, 0, 4000, null, '${SNAPSHOT([])}'),
      (3, 3, 1, 1, 1, 1, 2500, 0, 2500, null, '${SNAPSHOT([])}')`);
    await q(`insert into payments (id, order_id, provider, intent_id, client_secret, amount,
      currency, status) overriding system value values
      (1, 1, 'fake', 'pi_1', 's1', 9900, 'USD', 'succeeded'),
      (2, 3, 'fake', 'pi_3', 's3', 2500, 'USD', 'succeeded')`);
    await q(`insert into order_events (order_id, type, actor_id, data, created_at) values
      (2, 'paid_offline', 2, '{"method": "check", "amount": 4000}', '2026-05-02T15:00:00Z'),
      (3, 'late_payment_failed', null, '{}', '2026-05-03T15:00:00Z')`);
    await q(`insert into refunds (id, order_id, amount, reason, status, idempotency_key,
      created_by_id, updated_at) overriding system value values
      (1, 1, 3000, 'Moved away', 'succeeded', 'r1', 2, '2026-05-04T15:00:00Z'),
      (2, 1, 500, 'Oops', 'failed', 'r2', 2, '2026-05-05T15:00:00Z')`);

    await apply(database, '0015_family_ledger');
  });
  afterAll(() => drop?.());

  type Entry = {
    user_id: number | null;
    guest_customer_id: number | null;
    kind: string;
    amount: number;
    method: string | null;
    description: string;
    order_id: number | null;
    order_item_id: number | null;
    payment_id: number | null;
    refund_id: number | null;
    created_by_id: number | null;
    created_at: string | Date;
  };
  const entries = () =>
    rows<Entry>(
      `select user_id, guest_customer_id, kind, amount, method, description, order_id,
         order_item_id, payment_id, refund_id, created_by_id, created_at
       from ledger_entries order by id`,
    ).then((found) =>
      found.map((e) => ({
        ...e,
        amount: Number(e.amount),
        created_at: new Date(e.created_at).toISOString(),
      })),
    );

  it('writes what each order and refund would write now, at the instant it happened', async () => {
    expect(await entries()).toEqual([
      {
        user_id: 1,
        guest_customer_id: null,
        kind: 'charge',
        amount: 11000,
        method: null,
        description: 'Drawing · Saturdays · Term · Sketchbook × 2',
        order_id: 1,
        order_item_id: 1,
        payment_id: null,
        refund_id: null,
        created_by_id: 1,
        created_at: '2026-05-01T15:00:00.000Z',
      },
      expect.objectContaining({ kind: 'discount', amount: -1100, description: 'TENOFF' }),
      expect.objectContaining({
        kind: 'charge',
        amount: 4000,
        guest_customer_id: 1,
        user_id: null,
      }),
      expect.objectContaining({ kind: 'payment', amount: -9900, method: 'card', payment_id: 1 }),
      expect.objectContaining({
        kind: 'payment',
        amount: -4000,
        method: 'check',
        payment_id: null,
        created_by_id: 2,
      }),
      expect.objectContaining({
        user_id: 3,
        kind: 'payment',
        amount: -2500,
        method: 'card',
        created_at: '2026-05-03T15:00:00.000Z',
      }),
      expect.objectContaining({
        kind: 'credit',
        amount: -3000,
        description: 'Moved away',
        refund_id: 1,
        created_by_id: 2,
        created_at: '2026-05-04T15:00:00.000Z',
      }),
      expect.objectContaining({ kind: 'refund', amount: 3000, method: 'card', refund_id: 1 }),
    ]);
  });

  it('leaves every balance right: zero, or what is owed back for a card paid too late', async () => {
    const balances = await rows<{ owner: string; balance: number }>(
      `select coalesce('u' || user_id, 'g' || guest_customer_id) as owner, sum(amount) as balance
       from ledger_entries group by 1 order by 1`,
    );
    expect(balances.map((b) => [b.owner, Number(b.balance)])).toEqual([
      ['g1', 0],
      ['u1', 0],
      ['u3', -2500],
    ]);
  });

  it('keeps the entries append-only from then on', async () => {
    await expect(q('update ledger_entries set amount = amount')).rejects.toThrow();
    await expect(q('delete from ledger_entries')).rejects.toThrow();
  });
});
