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
  const out: Document = withIncluded({ data }, options.included ?? []);
  if (options.meta) out.meta = options.meta;
  return out;
}

// Typed builders: the server's resource files make every answer with these, so the documents
// they return are checked against the contract's document schemas by the compiler.

/** What `included` needs of a resource: its type and id. */
type Identified = { type: string; id: string };

/**
 * The resources of `included`, each (type, id) once: the first one seen is kept, in the order
 * seen. JSON:API forbids a resource twice in one document (docs/architecture.md#http-contract).
 */
export function uniqueIncluded<T extends Identified>(resources: Iterable<T>): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const r of resources) {
    const key = `${r.type}:${r.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r);
  }
  return out;
}

/** `doc` with `included` de-duplicated, or without the key when there is nothing to include. */
function withIncluded<D extends object, I extends Identified>(
  doc: D,
  included: Iterable<I>,
): D & { included?: I[] } {
  const unique = uniqueIncluded(included);
  return unique.length > 0 ? { ...doc, included: unique } : doc;
}

/** A document of one resource (or null), with its related resources included once each. */
export function resourceDocument<D, I extends Identified = never>(
  data: D,
  included: Iterable<I> = [],
): { data: D; included?: I[] } {
  return withIncluded({ data }, included);
}

/** A list document: the resources, their related resources included once each, and `meta`. */
export function listDocument<D, M, I extends Identified = never>(
  data: D[],
  meta: M,
  included: Iterable<I> = [],
): { data: D[]; included?: I[]; meta: M } {
  return withIncluded({ data, meta }, included);
}

// Typed JSON:API schema building blocks: the response schemas of the endpoints are made from
// these, so OpenAPI shows real shapes and the server's responses are checked against them.

export const toOneSchema = z.object({ data: resourceIdentifierSchema });
export const toOneOrNullSchema = z.object({ data: resourceIdentifierSchema.nullable() });
export const toManySchema = z.object({ data: z.array(resourceIdentifierSchema) });

/** A resource object schema with a literal `type`, typed attributes and named relationships. */
export function resourceObjectSchema<
  T extends string,
  A extends z.ZodType,
  R extends Record<string, z.ZodType>,
>(type: T, attributes: A, relationships: R) {
  return z.object({
    id: z.string(),
    type: z.literal(type),
    attributes,
    relationships: z.object(relationships),
  });
}

/** A resource object schema with no relationships. */
export function plainResourceObjectSchema<T extends string, A extends z.ZodType>(
  type: T,
  attributes: A,
) {
  return z.object({ id: z.string(), type: z.literal(type), attributes });
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
