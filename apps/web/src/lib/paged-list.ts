import { type PageMeta, pageMetaSchema, parseDocument } from '@atelier/contract';
import { z } from 'zod';

// Every list endpoint answers a page at a time with its paging meta beside the items
// (docs/architecture.md#http-contract); list screens keep both.

/** A page of a list: the flattened items and the server's paging meta. */
export type Paged<T> = { items: T[]; meta: PageMeta };

const pageMetaOnlySchema = z.object({ meta: pageMetaSchema });

/** A list document's items (parsed with `schema`) and its paging meta. */
export function parsePaged<T>(schema: z.ZodType<T[]>, raw: unknown): Paged<T> {
  return { items: parseDocument(schema, raw), meta: pageMetaOnlySchema.parse(raw).meta };
}

/** How many pages the list has: at least 1, so an empty list still shows as one page. */
export function pageCount(meta: PageMeta): number {
  return Math.max(1, Math.ceil(meta.total / meta.per_page));
}
