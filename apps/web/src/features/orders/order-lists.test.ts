import { describe, expect, it } from 'vitest';
import type { Paged } from '../../lib/paged-list';
import { buildOrder } from '../../testing/order-builders';
import { listOf, withOrders, withOrdersPage, withOrderUpdated, withoutOrder } from './order-lists';

const order = (id: string, total = 10) => buildOrder({ id, total });
const ids = (list: Paged<ReturnType<typeof order>>) => list.items.map((o) => [o.id, o.total]);

describe('the orders lists (docs/product.md#client-state)', () => {
  it('adds, bulk adds, updates and removes pending orders', () => {
    let list = withOrders(listOf([]), [order('1', 10)]);
    list = withOrders(list, [order('2'), order('1', 11)]);
    expect(ids(list)).toEqual([
      ['1', 11],
      ['2', 10],
    ]);
    list = withOrderUpdated(list, order('2', 5));
    expect(ids(list)[1]).toEqual(['2', 5]);
    list = withOrderUpdated(list, order('3'));
    expect(list.items).toHaveLength(2);
    list = withoutOrder(list, '1');
    expect(ids(list)).toEqual([['2', 5]]);
    expect(list.meta.total).toBe(1);
  });

  it('sets, updates and adds purchased orders', () => {
    let list = listOf([order('1'), order('2')]);
    list = withOrderUpdated(list, buildOrder({ id: '2', status: 'refunded' }));
    expect(list.items[1]).toMatchObject({ id: '2', status: 'refunded' });
    list = withOrders(list, [order('3')]);
    expect(list.items.map((o) => o.id)).toEqual(['1', '2', '3']);
    expect(listOf([]).items).toEqual([]);
  });

  it('replaces a list with its first page and adds a later page to it', () => {
    const first = listOf([order('1')]);
    const second = {
      items: [order('2'), order('1', 12)],
      meta: { page: 2, per_page: 1, total: 2 },
    };
    const merged = withOrdersPage(first, second, 2);
    expect(ids(merged)).toEqual([
      ['1', 12],
      ['2', 10],
    ]);
    expect(merged.meta.page).toBe(2);
    expect(withOrdersPage(merged, first, 1)).toBe(first);
  });
});
