import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from './client';
import { selectRows } from './select-rows';

// A stand-in database: the point is what reaches it, not what it answers.
function recordingDb() {
  const ran: unknown[] = [];
  const db = {
    execute: async (q: unknown) => {
      ran.push(q);
      return { rows: [{ n: 1 }] };
    },
  };
  return { db: db as unknown as Db, ran };
}

describe('selectRows', () => {
  it('runs a SELECT or a WITH … SELECT and answers its rows', async () => {
    const { db, ran } = recordingDb();
    expect(await selectRows(db, sql`select ${1} as n`)).toEqual([{ n: 1 }]);
    expect(await selectRows(db, sql`with t as (select 1) select * from t`)).toEqual([{ n: 1 }]);
    expect(ran).toHaveLength(2);
  });

  it('refuses a write, or a second statement, before it reaches the database', async () => {
    const { db, ran } = recordingDb();
    await expect(selectRows(db, sql`delete from orders`)).rejects.toThrow(/SELECT only/);
    await expect(selectRows(db, sql`select 1; delete from orders`)).rejects.toThrow(/SELECT/);
    await expect(selectRows(db, sql`update orders set total = 0`)).rejects.toThrow(/SELECT/);
    const hidden = sql`with d as (delete from orders returning id) select * from d`;
    await expect(selectRows(db, hidden)).rejects.toThrow(/SELECT/);
    expect(ran).toEqual([]);
  });
});
