import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** One cached response body, with its ETag and lazily made compressed variants. */
export type CachedBody = {
  json: Buffer;
  etag: string;
  encoded(encoding: 'br' | 'gzip'): Promise<Buffer>;
};

type Entry = { body: CachedBody; expiresAt: number };

export type CatalogueCacheOptions = {
  /** How long a body is served before it is rebuilt even without a change. */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
};

function cachedBody(json: Buffer): CachedBody {
  const variants = new Map<'br' | 'gzip', Promise<Buffer>>();
  return {
    json,
    etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
    encoded(encoding) {
      let variant = variants.get(encoding);
      if (!variant) {
        variant =
          encoding === 'br'
            ? brotliAsync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
            : gzipAsync(json, { level: 6 });
        variants.set(encoding, variant);
      }
      return variant;
    },
  };
}

/**
 * Serialised public catalogue responses, by request. The catalogue is read far more than it is
 * written and is the same for every visitor, so a page is built (8 queries, ~1–2k resources) once
 * and then served as bytes until something changes.
 *
 * - Every write of the classes module calls `invalidate()`, and other server instances hear of it
 *   through pub/sub (classes.routes.ts), so an admin's change shows at once everywhere.
 * - Seats left and "upcoming" depend on time and on holds and enrollments that other modules write,
 *   so entries also expire after `ttlMs`: seats shown may lag by that much. Capacity itself is
 *   enforced when booking, in a transaction, never from this cache.
 * - Concurrent misses of one key share one build; a build that started before an invalidation is
 *   returned to its callers but not stored.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<CachedBody>>();
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: CatalogueCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  async get(key: string, build: () => Promise<unknown>): Promise<CachedBody> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) return entry.body;
    const pending = this.building.get(key);
    if (pending) return pending;

    const generation = this.generation;
    const promise = (async () => {
      const body = cachedBody(Buffer.from(JSON.stringify(await build())));
      if (generation === this.generation) {
        this.entries.delete(key);
        this.entries.set(key, { body, expiresAt: this.now() + this.options.ttlMs });
        // Oldest first in a Map: drop from the front when full.
        while (this.entries.size > this.options.maxEntries) {
          const oldest = this.entries.keys().next().value as string;
          this.entries.delete(oldest);
        }
      }
      return body;
    })();
    this.building.set(key, promise);
    try {
      return await promise;
    } finally {
      if (this.building.get(key) === promise) this.building.delete(key);
    }
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.building.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
