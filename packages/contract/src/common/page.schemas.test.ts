import { describe, expect, it } from 'vitest';
import { pageMetaSchema, pageQuerySchema } from './page.schemas';

describe('pageQuerySchema', () => {
  it('reads ?page=N as a number, the first page when absent', () => {
    expect(pageQuerySchema.parse({ page: '3' })).toEqual({ page: 3 });
    expect(pageQuerySchema.parse({})).toEqual({ page: 1 });
    expect(pageQuerySchema.parse({ page: '2147483647' })).toEqual({ page: 2147483647 });
  });

  it.each(['0', '-1', '01', '1e3', '0x10', ' 1', '1.5', '2147483648', 'abc', ''])(
    'refuses page %j',
    (page) => {
      expect(pageQuerySchema.safeParse({ page }).success).toBe(false);
    },
  );

  it('refuses a repeated page and a number (query values are text)', () => {
    expect(pageQuerySchema.safeParse({ page: ['1', '2'] }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page: 2 }).success).toBe(false);
  });
});

describe('pageMetaSchema', () => {
  it('holds total, page and per_page', () => {
    expect(pageMetaSchema.parse({ total: 0, page: 1, per_page: 20 })).toEqual({
      total: 0,
      page: 1,
      per_page: 20,
    });
    expect(pageMetaSchema.safeParse({ total: -1, page: 1, per_page: 20 }).success).toBe(false);
    expect(pageMetaSchema.safeParse({ total: 1, page: 0, per_page: 20 }).success).toBe(false);
  });
});
