import { constants as zlib } from 'node:zlib';
import { type EncodedBody, lazilyEncoded } from '../../lib/encoded-body';
import { GenerationCache, type GenerationCacheOptions } from '../../lib/generation-cache';

/** One cached response body, with its ETag and lazily made compressed variants. */
export type CachedBody = EncodedBody & { json: Buffer };

export type CatalogueCacheOptions = GenerationCacheOptions;

function cachedBody(json: Buffer): CachedBody {
  return { json, ...lazilyEncoded(json, { [zlib.BROTLI_PARAM_QUALITY]: 5 }) };
}

/**
 * Serialised public catalogue responses, by request. The catalogue is read far more than it is
 * written and is the same for every visitor, so a page is built (8 queries, ~1–2k resources) once
 * and then served as bytes until something changes (lib/generation-cache.ts).
 *
 * - Every write of the classes module calls `invalidate()`, and other server instances hear of it
 *   through pub/sub (classes.routes.ts), so an admin's change shows at once everywhere.
 * - Seats left and "upcoming" depend on time and on holds and enrollments that other modules write,
 *   so entries also expire after `ttlMs`: seats shown may lag by that much. Capacity itself is
 *   enforced when booking, in a transaction, never from this cache.
 */
export class CatalogueCache {
  private readonly bodies: GenerationCache<CachedBody>;

  constructor(options: CatalogueCacheOptions) {
    this.bodies = new GenerationCache(options);
  }

  /** The body of `key`, built from the document `build` gives, serialised as JSON. */
  get(key: string, build: () => Promise<unknown>): Promise<CachedBody> {
    return this.bodies.get(key, async () => cachedBody(Buffer.from(JSON.stringify(await build()))));
  }

  invalidate(): void {
    this.bodies.invalidate();
  }
}
