import { and, asc, count, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likePattern } from '../../lib/like-pattern';
import { klassGroups } from './classes.tables';

export type KlassGroupRow = typeof klassGroups.$inferSelect;
export type NewKlassGroupRow = typeof klassGroups.$inferInsert;

export type KlassGroupFilter = {
  search?: string;
  published?: boolean;
  audience?: KlassGroupRow['audience'];
  format?: KlassGroupRow['format'];
};

function whereOf(filter: KlassGroupFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(or(ilike(klassGroups.name, pattern), ilike(klassGroups.slug, pattern)));
  }
  if (filter.published !== undefined) conditions.push(eq(klassGroups.published, filter.published));
  if (filter.audience) conditions.push(eq(klassGroups.audience, filter.audience));
  if (filter.format) conditions.push(eq(klassGroups.format, filter.format));
  return and(...conditions);
}

export function listKlassGroupRows(
  db: Db,
  filter: KlassGroupFilter,
  page: { offset: number; limit: number },
): Promise<KlassGroupRow[]> {
  return db
    .select()
    .from(klassGroups)
    .where(whereOf(filter))
    .orderBy(asc(klassGroups.name), asc(klassGroups.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countKlassGroupRows(db: Db, filter: KlassGroupFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(klassGroups).where(whereOf(filter));
  return row?.n ?? 0;
}

export async function findKlassGroupRow(db: Db, id: number): Promise<KlassGroupRow | undefined> {
  const [row] = await db.select().from(klassGroups).where(eq(klassGroups.id, id));
  return row;
}

export async function findKlassGroupRowBySlug(
  db: Db,
  slug: string,
): Promise<KlassGroupRow | undefined> {
  const [row] = await db.select().from(klassGroups).where(eq(klassGroups.slug, slug));
  return row;
}

export function klassGroupRowsByIds(db: Db, ids: number[]): Promise<KlassGroupRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(klassGroups).where(inArray(klassGroups.id, ids));
}

export async function isSlugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: klassGroups.id })
    .from(klassGroups)
    .where(
      exceptId === undefined
        ? eq(klassGroups.slug, slug)
        : and(eq(klassGroups.slug, slug), ne(klassGroups.id, exceptId)),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertKlassGroupRow(
  db: Db,
  values: NewKlassGroupRow,
): Promise<KlassGroupRow> {
  const [row] = await db.insert(klassGroups).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateKlassGroupRow(
  db: Db,
  id: number,
  values: Partial<NewKlassGroupRow>,
): Promise<KlassGroupRow | undefined> {
  const [row] = await db
    .update(klassGroups)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(klassGroups.id, id))
    .returning();
  return row;
}

/** Deletes the programme; its schedules, sessions, plan links and add-ons go with it (cascade). */
export async function deleteKlassGroupRow(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(klassGroups)
    .where(eq(klassGroups.id, id))
    .returning({ id: klassGroups.id });
  return rows.length > 0;
}
