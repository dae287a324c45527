import { describe, expect, it } from 'vitest';
import { mergeById, replaceById } from './merge-by-id';

describe('merging by id (docs/product.md#client-state)', () => {
  it('replaces known items in place and appends new ones, without duplicates', () => {
    const merged = mergeById(
      [{ id: '1' }, { id: '2' }],
      [{ id: '2', name: 'x' }, { id: '3' }, { id: '3', name: 'again' }],
    );
    expect(merged).toEqual([{ id: '1' }, { id: '2', name: 'x' }, { id: '3' }]);
  });

  it('replaces only an item already listed', () => {
    expect(replaceById([{ id: '1' }], { id: '1', name: 'y' })).toEqual([{ id: '1', name: 'y' }]);
    expect(replaceById([{ id: '1' }], { id: '9' })).toEqual([{ id: '1' }]);
  });
});
