import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageCount, parsePaged } from './paged-list';

describe('paged lists', () => {
  it("parses a list document's items and keeps its paging meta", () => {
    const raw = {
      data: [{ id: '1', type: 'fruits', attributes: { name: 'Apple' } }],
      meta: { total: 21, page: 2, per_page: 20 },
    };
    const fruits = z.array(z.object({ id: z.string(), name: z.string() }));
    expect(parsePaged(fruits, raw)).toEqual({
      items: [{ id: '1', name: 'Apple' }],
      meta: { total: 21, page: 2, per_page: 20 },
    });
  });

  it('counts pages, an empty list being one page', () => {
    expect(pageCount({ total: 0, page: 1, per_page: 20 })).toBe(1);
    expect(pageCount({ total: 20, page: 1, per_page: 20 })).toBe(1);
    expect(pageCount({ total: 21, page: 1, per_page: 20 })).toBe(2);
  });
});
