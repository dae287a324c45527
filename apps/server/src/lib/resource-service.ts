import type { ResourceDeclaration } from '@atelier/contract';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { AppError, notFound } from './app-error';
import { pageMeta, pageWindow } from './http';
import { isForeignKeyViolation } from './pg-errors';
import type { ResourceRepository } from './resource.repository';
import type { CreateFields, ResourceHandlers, UpdateFields } from './resource-routes';
import { storedTranslations } from './translated-content';

// The service of a plain admin-managed resource (docs/architecture.md#adding-a-resource,
// docs/decisions/058-resource-kit.md), made from its declaration and its repository: a page of
// the list (searched), one member, create, update (PUT replaces, PATCH changes the fields sent)
// and delete, 404 for a missing member and 409 while rows use it, also when the foreign key
// refuses a delete that raced a new use. Translations are stored as every module stores them
// (`storedTranslations`: blank ones are left out). A body's `base_price` is the row's `basePrice`
// and an answer's attribute is read back the same way; `created_at`-like dates become ISO text
// and the declaration's `uses.attribute` is the count of uses.

/** What the service needs of the module's context: its database handle. */
export type ResourceContext = { db: PgDatabase<PgQueryResultHKT> };

export type ResourceServiceOptions<C extends ResourceContext> = {
  /** What a 404 calls it (`Room not found`). */
  label: string;
  /** The 409 of a delete while `uses` rows use the member (default: "This room is in use"). */
  inUse?: (uses: number) => AppError;
  /** Told after an update (a room's name shows on the catalogue: the module's cache is stale). */
  afterUpdate?: (ctx: C) => void;
};

export type ResourceService<D extends ResourceDeclaration, C extends ResourceContext> = {
  list(
    ctx: C,
    query: { page: number; search?: string },
  ): Promise<z.output<D['listDocumentSchema']>>;
  get(ctx: C, id: number): Promise<Member<D>>;
  create(ctx: C, fields: CreateFields<D>): Promise<Member<D>>;
  update(ctx: C, id: number, fields: UpdateFields<D>): Promise<Member<D>>;
  delete(ctx: C, id: number): Promise<void>;
  /** The route kit's handlers over `ctx` (lib/resource-routes.ts). */
  handlers(ctx: C): ResourceHandlers<D>;
};

/** A member's answer (the routes check it against the declaration's schema before it leaves). */
type Member<D extends ResourceDeclaration> = z.output<D['documentSchema']>;

const camel = (key: string) =>
  key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The service of `resource` over `repository` (see the top of this file). */
export function resourceService<
  D extends ResourceDeclaration,
  C extends ResourceContext,
  Row extends { id: number },
  New,
>(
  resource: D,
  repository: ResourceRepository<Row, New>,
  options: ResourceServiceOptions<C>,
): ResourceService<D, C> {
  const { label } = options;
  const translatable = resource.translatable.length > 0;
  const usesAttribute = resource.uses?.attribute;
  const inUse =
    options.inUse ??
    ((uses: number) =>
      new AppError('conflict', `This ${label.toLowerCase()} is in use, so it cannot be deleted.`, {
        uses,
      }));

  const member = (row: Row, uses: number) => {
    const stored = row as unknown as Record<string, unknown>;
    const attributes = Object.fromEntries(
      Object.keys(resource.attributes.shape).map((key) => {
        if (key === usesAttribute) return [key, uses];
        const value = stored[camel(key)];
        return [key, value instanceof Date ? value.toISOString() : value];
      }),
    );
    return { id: String(row.id), type: resource.type, attributes };
  };
  const document = (row: Row, uses: number) => ({ data: member(row, uses) }) as Member<D>;

  /**
   * The row's values of a body: each field under its column's name, the translations stored.
   * A PUT without translations clears them (it replaces the member); a PATCH leaves them.
   */
  const values = (fields: Record<string, unknown>, replace: boolean) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (key !== 'translations' && value !== undefined) out[camel(key)] = value;
    }
    if (translatable && (replace || fields.translations !== undefined)) {
      out.translations = storedTranslations(
        (fields.translations ?? {}) as Parameters<typeof storedTranslations>[0],
      );
    }
    return out;
  };

  const usesOf = async (ctx: C, id: number) => (await repository.uses(ctx.db, [id])).get(id) ?? 0;

  const service: ResourceService<D, C> = {
    async list(ctx, query) {
      const filter = { search: query.search || undefined };
      const [total, rows] = await Promise.all([
        repository.count(ctx.db, filter),
        repository.list(ctx.db, filter, pageWindow(query.page)),
      ]);
      const uses = await repository.uses(
        ctx.db,
        rows.map((row) => row.id),
      );
      return {
        data: rows.map((row) => member(row, uses.get(row.id) ?? 0)),
        meta: pageMeta(query.page, total),
      } as z.output<D['listDocumentSchema']>;
    },
    async get(ctx, id) {
      const row = await repository.find(ctx.db, id);
      if (!row) throw notFound(label);
      return document(row, await usesOf(ctx, id));
    },
    async create(ctx, fields) {
      const row = await repository.insert(
        ctx.db,
        values(fields as Record<string, unknown>, true) as New,
      );
      return document(row, 0);
    },
    async update(ctx, id, fields) {
      const replace = resource.updateMethod === 'PUT';
      const changes = values(fields as Record<string, unknown>, replace) as Partial<New>;
      const row = await repository.update(ctx.db, id, changes);
      if (!row) throw notFound(label);
      options.afterUpdate?.(ctx);
      return document(row, await usesOf(ctx, id));
    },
    async delete(ctx, id) {
      const row = await repository.find(ctx.db, id);
      if (!row) throw notFound(label);
      const uses = await usesOf(ctx, id);
      if (uses > 0) throw inUse(uses);
      try {
        await repository.delete(ctx.db, id);
      } catch (error) {
        // A new use came between the check and the delete: the foreign key refuses.
        if (isForeignKeyViolation(error)) throw inUse(1);
        throw error;
      }
    },
    handlers: (ctx) => ({
      list: (query) => service.list(ctx, query as { page: number; search?: string }),
      get: (id) => service.get(ctx, id),
      create: (fields) => service.create(ctx, fields),
      update: (id, fields) => service.update(ctx, id, fields),
      delete: (id) => service.delete(ctx, id),
    }),
  };
  return service;
}
