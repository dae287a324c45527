import { describe, expect, it } from 'vitest';
import { buildNotification } from '../../testing/builders';
import {
  EMPTY_NOTIFICATIONS_LIST,
  isListedUnread,
  withAllRead,
  withLive,
  withPage,
  withRead,
} from './notifications-list';

const older = buildNotification({ id: '1', created_at: '2024-03-01T00:00:00Z' });
const newer = buildNotification({ id: '2', created_at: '2024-03-02T00:00:00Z' });
const newest = buildNotification({ id: '3', created_at: '2024-03-03T00:00:00Z' });

describe('the notifications list (docs/product.md#client-state)', () => {
  it('starts empty on page 1', () => {
    expect(EMPTY_NOTIFICATIONS_LIST).toEqual({ items: [], nextPage: 1, lastPageSize: 0 });
  });

  it('adds notifications merged by id, newest first', () => {
    let list = withPage(EMPTY_NOTIFICATIONS_LIST, 1, [older, newest]);
    const changed = { ...older, title: 'edited' };
    list = withPage(list, 2, [newer, changed]);
    expect(list.items.map((n) => n.id)).toEqual(['3', '2', '1']);
    expect(list.items[2]?.title).toBe('edited');
  });

  it('orders notifications of the same instant by id, numerically', () => {
    const at = '2024-03-05T00:00:00Z';
    const nine = buildNotification({ id: '9', created_at: at });
    const ten = buildNotification({ id: '10', created_at: at });
    expect(withPage(EMPTY_NOTIFICATIONS_LIST, 1, [nine, ten]).items.map((n) => n.id)).toEqual([
      '10',
      '9',
    ]);
  });

  it('advances the page after a non-empty page only', () => {
    let list = withPage(EMPTY_NOTIFICATIONS_LIST, 1, [older]);
    expect(list.nextPage).toBe(2);
    list = withPage(list, 2, []);
    expect(list.nextPage).toBe(2);
    expect(list.lastPageSize).toBe(0);
  });

  it('marks one read (false to true) and says whether the unread count follows', () => {
    let list = withPage(EMPTY_NOTIFICATIONS_LIST, 1, [older, newer]);
    expect(isListedUnread(list, '1')).toBe(true);
    list = withRead(list, '1');
    expect(list.items.find((n) => n.id === '1')?.read).toBe(true);
    expect(list.items.find((n) => n.id === '2')?.read).toBe(false);
    expect(isListedUnread(list, '1')).toBe(false);
    expect(isListedUnread(undefined, '1')).toBe(false);
  });

  it('marks all read', () => {
    const list = withAllRead(withPage(EMPTY_NOTIFICATIONS_LIST, 1, [older, newer]));
    expect(list.items.every((n) => n.read)).toBe(true);
  });

  it('adds a live notification at its place by date, without counting a page', () => {
    const list = withLive(withPage(EMPTY_NOTIFICATIONS_LIST, 1, [older, newest]), newer);
    expect(list.items.map((n) => n.id)).toEqual(['3', '2', '1']);
    expect(list.nextPage).toBe(2);
    expect(withLive(EMPTY_NOTIFICATIONS_LIST, newer).nextPage).toBe(1);
  });
});
