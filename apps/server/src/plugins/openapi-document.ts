// The finishing pass over the OpenAPI document fastify-swagger builds from the route schemas, so
// tools we did not write (Spectral, Redocly, client generators) read it as we mean it
// (docs/architecture.md#http-contract, docs/decisions/048-openapi-document-checked-by-others.md).

/** The part of an OpenAPI 3.0 document this pass reads and writes. */
export type OpenapiDocument = {
  paths?: Record<string, Record<string, unknown>>;
  tags?: { name: string }[];
  [key: string]: unknown;
};

type Operation = {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: unknown }>;
};

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * A stable operationId from the method and path alone: `GET /api/v1/posts/{id}` is
 * `getV1PostsById`. Clients generated from the document name their functions after it, so it
 * must not change when a route's summary or tags do.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '/')
    .replace(/\{(\w+)\}/g, ' by $1 ')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
  return (
    method.toLowerCase() + words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join('')
  );
}

/**
 * OpenAPI 3.0 reads `nullable: true` as "null is allowed" only where `enum` lists null too (3.0.3
 * clarified this); the zod conversion leaves it out, and validators then refuse the null we send.
 */
function allowNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) allowNullInNullableEnums(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null];
  }
  for (const value of Object.values(schema)) allowNullInNullableEnums(value);
}

/**
 * Gives every operation an operationId and an explicit security (none: `[]`, public), drops the
 * body fastify-swagger documents for a 204 (which has none), declares the tags the operations use,
 * and lets nullable enums hold null. Changes `document` in place and returns it.
 */
export function finishOpenapiDocument(document: OpenapiDocument): OpenapiDocument {
  const tags: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, value] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      const operation = value as Operation;
      operation.operationId ??= operationIdOf(method, path);
      operation.security ??= [];
      const noContent = operation.responses?.['204'];
      if (noContent) delete noContent.content;
      for (const tag of operation.tags ?? []) if (!tags.includes(tag)) tags.push(tag);
    }
  }
  const declared = document.tags ?? [];
  document.tags = [
    ...declared,
    ...tags.filter((tag) => !declared.some((t) => t.name === tag)).map((name) => ({ name })),
  ];
  allowNullInNullableEnums(document);
  return document;
}
