import type { Db } from '../../db/client';
import type { ImageStore } from '../../storage/images';
import type { NotifyInput } from '../notifications';

/** What the classes services need from the app. */
export type ClassesContext = {
  db: Db;
  images: Pick<ImageStore, 'storeImage' | 'deleteImage' | 'urls'>;
  /** Called after every committed change the public catalogue shows (it drops its cache). */
  changed: () => void;
  /** The clock, replaceable in tests. */
  now: () => Date;
  /** Stores and pushes a notification (notifications module); absent, nobody is told. */
  notify?: (input: NotifyInput) => Promise<unknown>;
  /**
   * The families with a child actively enrolled in a schedule, who hear of its changes: a read
   * over other modules' tables that app.ts provides; absent, nobody is told.
   */
  familiesEnrolledIn?: (scheduleId: number) => Promise<{ id: number; locale: string | null }[]>;
  /**
   * Seats of these schedules were just freed (a raised capacity): the waitlist, which sits above
   * this module, offers them; app.ts provides it. Never throws; absent, nobody is offered.
   */
  seatsFreed?: (scheduleIds: number[]) => Promise<void>;
  log?: { warn(obj: object, msg: string): void };
};

/** Options every classes route plugin receives. */
export type ClassesRouteOptions = { ctx: ClassesContext };

/** Who is asking; services take it from viewerOf (lib/http.ts). */
export type { Viewer } from '../../lib/http';

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
