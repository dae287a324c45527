import type { Db } from '../../db/client';
import { SHARED_CHECK_TTL_MS } from '../../storage/signed-urls';
import { fileStillShared } from './posts.repository';

/** Past this many remembered files the memory starts over (a cache, never a leak). */
const MAX_ENTRIES = 10_000;

/**
 * Whether a shared image address may still serve its file, asked on every fetch and remembered per
 * process for SHARED_CHECK_TTL_MS: with the browser's own max-age as long, an address stops
 * serving within a minute of the work no longer being shared, on every process, with no message
 * between them (docs/decisions/068-moderation-that-holds.md).
 */
export function sharedFileCheck(
  db: Db,
  now: () => number = () => Date.now(),
): (path: string) => Promise<boolean> {
  const known = new Map<string, { shared: boolean; until: number }>();
  return async (path) => {
    const hit = known.get(path);
    if (hit && hit.until > now()) return hit.shared;
    const shared = await fileStillShared(db, path);
    if (known.size >= MAX_ENTRIES) known.clear();
    known.set(path, { shared, until: now() + SHARED_CHECK_TTL_MS });
    return shared;
  };
}
