/**
 * Items with an id already listed replace it in place; the others are appended in their given
 * order (docs/product.md#client-state "merged by id"). Lists that page with "Load more" merge
 * each later page this way.
 */
export function mergeById<T extends { id: string }>(current: T[], incoming: T[]): T[] {
  const incomingById = new Map(incoming.map((item) => [item.id, item]));
  const merged = current.map((item) => incomingById.get(item.id) ?? item);
  const known = new Set(current.map((item) => item.id));
  for (const item of incoming) {
    if (!known.has(item.id)) {
      merged.push(item);
      known.add(item.id);
    }
  }
  return merged;
}

/** The item in place of the one with its id; a list without it is left as it is. */
export function replaceById<T extends { id: string }>(list: T[], item: T): T[] {
  return list.map((candidate) => (candidate.id === item.id ? item : candidate));
}
