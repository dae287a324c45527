export type GenerationCacheOptions = {
  /** How long a value is served before it is built again even without a change. */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
};

/**
 * Values that are costly to build and the same for every visitor (the classes module's catalogue
 * responses, the public site's pages), by key, kept until something changes:
 *
 * - The owner calls `invalidate()` on every change it hears of (its own writes, and other
 *   instances' through pub/sub), so a change shows at once everywhere.
 * - What a value shows may also change with time or with writes the owner does not hear of (seats
 *   left, "upcoming"), so an entry expires after `ttlMs` as well.
 * - Concurrent misses of one key share one build; a build that started before an invalidation is
 *   returned to its callers but not stored. Past `maxEntries` the oldest entry goes.
 */
export class GenerationCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();
  private readonly building = new Map<string, Promise<T>>();
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: GenerationCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  async get(key: string, build: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) return entry.value;
    const pending = this.building.get(key);
    if (pending) return pending;

    const generation = this.generation;
    const promise = (async () => {
      const value = await build();
      if (generation === this.generation) {
        this.entries.delete(key);
        this.entries.set(key, { value, expiresAt: this.now() + this.options.ttlMs });
        // Oldest first in a Map: drop from the front when full.
        while (this.entries.size > this.options.maxEntries) {
          const oldest = this.entries.keys().next().value as string;
          this.entries.delete(oldest);
        }
      }
      return value;
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
