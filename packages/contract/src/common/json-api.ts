import { z } from 'zod';

/** A reference from one resource to another: `{id, type}`. */
export const resourceIdentifierSchema = z.object({ id: z.string(), type: z.string() });
export type ResourceIdentifier = z.infer<typeof resourceIdentifierSchema>;

export const relationshipSchema = z.object({
  data: z.union([resourceIdentifierSchema, z.array(resourceIdentifierSchema), z.null()]),
});
export type Relationship = z.infer<typeof relationshipSchema>;

/** One JSON:API resource object. */
export const resourceSchema = z.object({
  id: z.string(),
  type: z.string(),
  attributes: z.record(z.string(), z.unknown()).default({}),
  relationships: z.record(z.string(), relationshipSchema).optional(),
});
export type Resource = z.infer<typeof resourceSchema>;

/** The JSON:API envelope every successful API response uses (docs/product.md#data-the-client-sees). */
export const documentSchema = z.object({
  data: z.union([resourceSchema, z.array(resourceSchema), z.null()]),
  included: z.array(resourceSchema).optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type Document = z.infer<typeof documentSchema>;

/** Pagination meta carried by every paged list response. */
export const pageMetaSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

type RelationshipInput = ResourceIdentifier | ResourceIdentifier[] | null;

/** Builds a resource object; `relationships` maps a name to one identifier, a list, or null. */
export function resource(
  type: string,
  id: string | number,
  attributes: Record<string, unknown>,
  relationships?: Record<string, RelationshipInput>,
): Resource {
  const out: Resource = { id: String(id), type, attributes };
  if (relationships) {
    out.relationships = Object.fromEntries(
      Object.entries(relationships).map(([name, data]) => [name, { data }]),
    );
  }
  return out;
}

/** Wraps resources into a document; `included` is de-duplicated by type and id. */
export function document(
  data: Resource | Resource[] | null,
  options: { included?: Resource[]; meta?: Record<string, unknown> } = {},
): Document {
  const out: Document = { data };
  if (options.included && options.included.length > 0) {
    const seen = new Set<string>();
    out.included = options.included.filter((r) => {
      const key = `${r.type}:${r.id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
  if (options.meta) out.meta = options.meta;
  return out;
}

/** A flattened resource: attributes spread beside `id` and `type`, relationships resolved. */
export type Flat = { id: string; type: string; [key: string]: unknown };

/**
 * Flattens a document into plain objects (docs/product.md#data-the-client-sees): attributes beside id and type, and each
 * relationship replaced by the included resource it names (flattened too), or by `{id, type}`
 * when the document does not include it. Cycles are cut at the second visit.
 */
export function flatten(doc: Document): Flat | Flat[] | null {
  const index = new Map<string, Resource>();
  for (const r of [...(doc.included ?? []), ...(Array.isArray(doc.data) ? doc.data : [])]) {
    index.set(`${r.type}:${r.id}`, r);
  }
  if (doc.data && !Array.isArray(doc.data)) index.set(`${doc.data.type}:${doc.data.id}`, doc.data);

  const flatOne = (r: Resource, path: Set<string>): Flat => {
    const key = `${r.type}:${r.id}`;
    const next = new Set(path).add(key);
    const out: Flat = { ...r.attributes, id: r.id, type: r.type };
    for (const [name, rel] of Object.entries(r.relationships ?? {})) {
      const resolve = (ident: ResourceIdentifier): Flat => {
        const identKey = `${ident.type}:${ident.id}`;
        const found = index.get(identKey);
        return found && !next.has(identKey) ? flatOne(found, next) : { ...ident };
      };
      out[name] = Array.isArray(rel.data)
        ? rel.data.map(resolve)
        : rel.data
          ? resolve(rel.data)
          : null;
    }
    return out;
  };

  if (doc.data === null) return null;
  return Array.isArray(doc.data)
    ? doc.data.map((r) => flatOne(r, new Set()))
    : flatOne(doc.data, new Set());
}

/** Flattens a document and parses the result with `schema`; throws a ZodError on mismatch. */
export function parseDocument<S extends z.ZodType>(schema: S, doc: unknown): z.infer<S> {
  return schema.parse(flatten(documentSchema.parse(doc)));
}
