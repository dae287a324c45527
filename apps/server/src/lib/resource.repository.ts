import { asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type {
  AnyPgColumn,
  PgDatabase,
  PgQueryResultHKT,
  PgTable,
  TableConfig,
} from 'drizzle-orm/pg-core';
import { likePattern } from './like-pattern';

// The repository of a plain admin-managed resource (docs/architecture.md#adding-a-resource,
// docs/decisions/058-resource-kit.md): a paged, searchable list, find, insert, update and delete
// of one table, and how many rows of another table point at each member. lib/ knows no table:
// the owning module's repository file calls `resourceRepository` with its own table, so the
// queries run on that module's tables only (src/import-graph.test.ts reads that file's imports).

/** The database handle or a transaction (db/client's `Db`, which lib/ does not import). */
type Db = PgDatabase<PgQueryResultHKT>;

/** A resource's table: an identity `id` and `updated_at`, as every table of the app has. */
export type ResourceTable = PgTable<TableConfig> & {
  id: AnyPgColumn;
  updatedAt: AnyPgColumn;
};

export type ResourceRepositoryOptions = {
  /** The columns a `search` matches, case-insensitively, anywhere in the text. */
  search?: readonly AnyPgColumn[];
  /** The list's order (ascending); the id breaks ties so pages never overlap. */
  order?: readonly AnyPgColumn[];
  /**
   * A column of one of the module's own tables that points at this one (a schedule's `room_id`):
   * the rows holding a member's id are its uses.
   */
  usedBy?: AnyPgColumn;
};

export type ResourceRepository<Row, New> = {
  list(
    db: Db,
    filter: { search?: string },
    page: { offset: number; limit: number },
  ): Promise<Row[]>;
  count(db: Db, filter: { search?: string }): Promise<number>;
  find(db: Db, id: number): Promise<Row | undefined>;
  /** The members of `ids` (one query; unknown ids are left out). */
  byIds(db: Db, ids: readonly number[]): Promise<Row[]>;
  /** How many rows use each of `ids` (0 for each when nothing is declared to use it). */
  uses(db: Db, ids: readonly number[]): Promise<Map<number, number>>;
  insert(db: Db, values: New): Promise<Row>;
  /** The row as changed (and `updated_at` now), or undefined when there is none. */
  update(db: Db, id: number, values: Partial<New>): Promise<Row | undefined>;
  /** Whether a row was deleted. A foreign key refusing it throws (the service says 409). */
  delete(db: Db, id: number): Promise<boolean>;
};

/** The generic repository of `table` (see the top of this file). */
export function resourceRepository<T extends ResourceTable>(
  table: T,
  options: ResourceRepositoryOptions = {},
): ResourceRepository<T['$inferSelect'], T['$inferInsert']> {
  type Row = T['$inferSelect'];
  const { search = [], order = [], usedBy } = options;
  // Drizzle's builders are typed for one table's literal columns; over any table they are
  // reached through this loose view (the answers are typed by the table again below).
  const loose = (db: Db) => db as unknown as PgDatabase<PgQueryResultHKT>;
  const from = (db: Db) =>
    loose(db)
      .select()
      .from(table as PgTable);
  const matching = (filter: { search?: string }): SQL | undefined =>
    filter.search && search.length > 0
      ? or(...search.map((column) => ilike(column, likePattern(filter.search as string))))
      : undefined;

  return {
    list: (db, filter, page) =>
      from(db)
        .where(matching(filter))
        .orderBy(...order.map((column) => asc(column)), asc(table.id))
        .limit(page.limit)
        .offset(page.offset) as Promise<Row[]>,
    count: async (db, filter) => {
      const [row] = await loose(db)
        .select({ n: count() })
        .from(table as PgTable)
        .where(matching(filter));
      return row?.n ?? 0;
    },
    find: async (db, id) => {
      const [row] = (await from(db).where(eq(table.id, id))) as Row[];
      return row;
    },
    byIds: async (db, ids) =>
      ids.length === 0 ? [] : ((await from(db).where(inArray(table.id, [...ids]))) as Row[]),
    uses: async (db, ids) => {
      const out = new Map<number, number>(ids.map((id) => [id, 0]));
      if (!usedBy || ids.length === 0) return out;
      const rows = await loose(db)
        .select({ id: usedBy, n: count() })
        .from(usedBy.table)
        .where(inArray(usedBy, [...ids]))
        .groupBy(usedBy);
      for (const row of rows) if (typeof row.id === 'number') out.set(row.id, row.n);
      return out;
    },
    insert: async (db, values) => {
      const [row] = (await loose(db)
        .insert(table as PgTable)
        .values(values as never)
        .returning()) as Row[];
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    update: async (db, id, values) => {
      const [row] = (await loose(db)
        .update(table as PgTable)
        .set({ ...values, updatedAt: new Date() } as never)
        .where(eq(table.id, id))
        .returning()) as Row[];
      return row;
    },
    delete: async (db, id) => {
      const rows = await loose(db)
        .delete(table as PgTable)
        .where(eq(table.id, id))
        .returning({ id: table.id });
      return rows.length > 0;
    },
  };
}
