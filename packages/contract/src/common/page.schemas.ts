import { z } from 'zod';
import { FIRST_PAGE } from '../constants';
import { idSchema } from './id.schemas';

// Every paged list takes `?page=N` and answers `meta: {total, page, per_page}`
// (docs/product.md#server-calls); the page size is PAGE_SIZE.

/**
 * `?page=N`, from 1; absent means the first page. Refused like an id (`0`, `01`, `1e3`, ` 1`,
 * beyond 2147483647): a page number is a count the database offsets by, never a guess.
 */
export const pageNumberSchema = idSchema.default(FIRST_PAGE);

/** The query of a paged list; a list with filters extends it (`pageQuerySchema.extend({…})`). */
export const pageQuerySchema = z.object({ page: pageNumberSchema });
export type PageQuery = z.input<typeof pageQuerySchema>;

/** Pagination meta carried by every paged list response. */
export const pageMetaSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;
