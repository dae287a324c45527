export type PageCacheOptions = {
  /** How long a page is served before it is rendered again even without a change. */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
};

/**
 * Rendered pages that show the catalogue (class pages, the home page, the sitemap), by page and
 * language. It keeps the classes module's catalogue cache's rules (modules/classes/catalogue-cache.ts):
 *
 * - `invalidate()` empties it whenever the catalogue changes: the plugin calls it on every message
 *   of the classes module's pub/sub channel, which that module publishes after each write, on
 *   every server instance.
 * - Seats left and "upcoming" change with time and with holds and enrollments, which other modules
 *   write, so an entry also expires after `ttlMs` (the catalogue's own, a few seconds).
 * - Concurrent misses of one key share one render; a render that started before an invalidation is
 *   returned to its callers but not stored.
 *
 * It holds bytes (HTML or XML with their ETag and compressed forms), not JSON, which is why it is
 * not that class itself.
 */
export class PageCache<T> {
  private readonly entries = new Map<string, { body: T; expiresAt: number }>();
  private readonly building = new Map<string, Promise<T>>();
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  async get(key: string, build: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) return entry.body;
    const pending = this.building.get(key);
    if (pending) return pending;

    const generation = this.generation;
    const promise = (async () => {
      const body = await build();
      if (generation === this.generation) {
        this.entries.delete(key);
        this.entries.set(key, { body, expiresAt: this.now() + this.options.ttlMs });
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
