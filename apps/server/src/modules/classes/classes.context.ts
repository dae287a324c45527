import type { Role } from '@atelier/contract';
import { PAGE_SIZE } from '@atelier/contract';
import type { Db } from '../../db/client';
import type { ImageStore } from '../../storage/images';

/** What the classes services need from the app. */
export type ClassesContext = {
  db: Db;
  images: Pick<ImageStore, 'storeImage' | 'deleteImage' | 'urls'>;
  /** Called after every committed change the public catalogue shows (it drops its cache). */
  changed: () => void;
  /** The clock, replaceable in tests. */
  now: () => Date;
};

/** Who is asking: the signed-in user's id and role. */
export type Viewer = { id: number; role: Role };

export const pageWindow = (page: number) => ({ offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
export const pageMeta = (page: number, total: number) => ({ total, page, per_page: PAGE_SIZE });

/** Groups rows by a key, keeping their order. */
export function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}
