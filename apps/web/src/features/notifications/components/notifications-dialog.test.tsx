import { PAGE_SIZE } from '@atelier/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildNotification, buildUser, notificationListDocument } from '../../../testing/builders';
import { type FakeApi, type FakeRequest, fakeApi } from '../../../testing/fake-api';
import { FakeIntersectionObserver } from '../../../testing/fake-intersection-observer';
import { renderApp } from '../../../testing/render-app';
import { selectNotifications, selectUnreadCount } from '../notifications-state';

const student = { session: { status: 'loaded' as const, user: buildUser({ role: 'student' }) } };

/** `count` notifications, newest first, ids from `firstId` down. */
function page(count: number, firstId: number) {
  return Array.from({ length: count }, (_, i) =>
    buildNotification({
      id: String(firstId - i),
      title: `Note ${firstId - i}`,
      created_at: new Date(Date.UTC(2024, 0, 1, 0, 0, firstId - i)).toISOString(),
    }),
  );
}

let api: FakeApi;
let pages: Record<string, ReturnType<typeof page>>;
const calls = (method: string, url: string) =>
  api.requests.filter((r: FakeRequest) => r.method === method && r.url === url);

beforeEach(() => {
  FakeIntersectionObserver.install();
  pages = {};
  api = fakeApi({
    'GET /api/v1/notifications/unread_count': { data: { data: 3 } },
    'GET /api/v1/notifications': (r) => ({
      data: notificationListDocument(pages[String(r.params.page)] ?? [], Number(r.params.page)),
    }),
    'PUT /api/v1/notifications/mark_all_read': { data: { data: null, meta: { updated: 3 } } },
    'PUT /api/v1/notifications/40/mark_read': { data: {} },
    'PUT /api/v1/notifications/41/mark_read': { data: {} },
  });
});
afterEach(() => api.restore());

async function openDialog() {
  const view = renderApp('/sandbox', { preloadedState: student });
  await view.user.click(await screen.findByRole('button', { name: /^Notifications/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
  return { ...view, dialog: within(dialog) };
}

describe('notifications dialog (docs/product.md#routes-and-screens)', () => {
  it("says 'No notification' when there is none", async () => {
    const { dialog } = await openDialog();
    expect(await dialog.findByText('No notification')).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('loads the first page on opening and the next when the last item comes into view', async () => {
    pages['1'] = page(PAGE_SIZE, 100);
    pages['2'] = page(3, 50);
    const { dialog } = await openDialog();
    await dialog.findByText('Note 100');
    expect(dialog.getAllByTestId('notification-item')).toHaveLength(PAGE_SIZE);
    const last = dialog.getAllByTestId('notification-item').at(-1) as Element;
    act(() => FakeIntersectionObserver.reveal(last));
    expect(await dialog.findByText('Note 48')).toBeVisible();
    expect(dialog.getAllByTestId('notification-item')).toHaveLength(PAGE_SIZE + 3);
    expect(calls('GET', '/api/v1/notifications').map((r) => r.params.page)).toEqual([1, 2]);

    // A short page was the last one: revealing the end again asks for nothing more.
    const end = dialog.getAllByTestId('notification-item').at(-1) as Element;
    act(() => FakeIntersectionObserver.reveal(end));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls('GET', '/api/v1/notifications')).toHaveLength(2);
  });

  it('marks all as read only after the confirmation question is answered yes', async () => {
    pages['1'] = page(2, 41);
    const { dialog, user, store } = await openDialog();
    await dialog.findByText('Note 41');
    await user.click(dialog.getByRole('button', { name: 'Mark all as read' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Are you sure you want to mark all notifications as read?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls('PUT', '/api/v1/notifications/mark_all_read')).toHaveLength(0);

    // Once the question has closed, the list dialog is reachable again.
    await user.click(await dialog.findByRole('button', { name: 'Mark all as read' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: /Are you sure/ })).getByRole('button', {
        name: 'OK',
      }),
    );
    await waitFor(() =>
      expect(calls('PUT', '/api/v1/notifications/mark_all_read')).toHaveLength(1),
    );
    await waitFor(() =>
      expect(selectNotifications(store.getState()).every((n) => n.read)).toBe(true),
    );
    expect(selectUnreadCount(store.getState())).toBe(0);
  });

  it('opens the feedback page for feedback and marks the notification read', async () => {
    pages['1'] = [
      buildNotification({
        id: '41',
        title: 'Feedback on your drawing',
        record: { id: '9', type: 'feedbacks' },
      }),
    ];
    const { dialog, user, router, store } = await openDialog();
    await user.click(await dialog.findByText('Feedback on your drawing'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/gallery/feedback'));
    expect(router.state.location.search).toBe('?post=9');
    await waitFor(() => expect(calls('PUT', '/api/v1/notifications/41/mark_read')).toHaveLength(1));
    expect(selectNotifications(store.getState())[0]?.read).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
  });

  it('opens my gallery for a comment, and does not mark an already read one again', async () => {
    pages['1'] = [
      buildNotification({
        id: '40',
        title: 'A comment',
        read: true,
        record: { id: '3', type: 'comments' },
      }),
    ];
    const { dialog, user, router } = await openDialog();
    await user.click(await dialog.findByText('A comment'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/gallery/my_gallery'));
    expect(router.state.location.search).toBe('?post=3');
    expect(calls('PUT', '/api/v1/notifications/40/mark_read')).toHaveLength(0);
  });

  it('shows each item with its sender, and marks unread ones', async () => {
    pages['1'] = [
      buildNotification({ id: '41', title: 'New', read: false }),
      buildNotification({ id: '40', title: 'Old', read: true }),
    ];
    const { dialog } = await openDialog();
    const items = await dialog.findAllByTestId('notification-item');
    expect(items[0]).toHaveTextContent('Unread');
    expect(items[0]).toHaveTextContent('From Grace Hopper');
    expect(items[1]).not.toHaveTextContent('Unread');
  });
});
