import type { SearchDocument, SearchGroup, SearchHitAttributes } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

const guest = { session: { status: 'loaded' as const, user: null } };
const admin = {
  session: { status: 'loaded' as const, user: buildUser({ role: 'admin', name: 'Ada Admin' }) },
};

const TYPES = {
  programmes: 'klass_groups',
  students: 'attendee_profiles',
  families: 'users',
  teachers: 'users',
  orders: 'orders',
} as const;

function doc(hits: [string, SearchHitAttributes][], groups: SearchGroup[]): SearchDocument {
  return {
    data: hits.map(([id, attributes]) => ({ id, type: TYPES[attributes.group], attributes })),
    meta: { groups },
  };
}

const drawing: [string, SearchHitAttributes] = [
  '3',
  {
    group: 'programmes',
    label: 'Observational Drawing',
    path: '/manage_classes/3',
    audience: 'kids',
    format: 'in_person',
    published: true,
  },
];
const painting: [string, SearchHitAttributes] = [
  '4',
  {
    group: 'programmes',
    label: 'Observational Painting',
    path: '/manage_classes/4',
    audience: 'adults',
    format: 'online',
    published: false,
  },
];
const mia: [string, SearchHitAttributes] = [
  '11',
  { group: 'students', label: 'Mia Parent', path: '/gallery/student/11', family: 'Pat Parent' },
];
const order: [string, SearchHitAttributes] = [
  '42',
  {
    group: 'orders',
    label: '#42',
    path: '/manage_orders?order=42',
    customer: 'Pat Parent',
    status: 'paid',
    currency: 'USD',
    total: 12_000,
    created_at: '2026-03-14T15:00:00.000Z',
  },
];
const ALL: SearchGroup[] = ['programmes', 'students', 'families', 'teachers', 'orders'];

let api: FakeApi;
const searches = () => api.requests.filter((r) => r.url === '/api/v1/search');

beforeEach(() => {
  api = fakeApi({
    'GET /api/v1/notifications/unread_count': { data: { data: 0 } },
    'GET /api/v1/search': (request) => {
      const q = String(request.params.q);
      if (q === 'nothing') return { data: doc([], ALL) };
      if (q === 'broken')
        return {
          status: 500,
          data: { errors: [{ status: '500', code: 'internal', detail: 'x' }] },
        };
      return { data: doc([drawing, painting, mia, order], ALL) };
    },
  });
});
afterEach(() => api.restore());

async function openWithSlash(path = '/sandbox', preloadedState: object = admin) {
  const view = renderApp(path, { preloadedState });
  await screen.findByTestId('top-bar-search');
  await view.user.keyboard('/');
  const dialog = await screen.findByRole('dialog', { name: 'Search' });
  const field = within(dialog).getByRole('combobox', { name: 'Search' });
  return { ...view, dialog: within(dialog), field };
}

describe('search dialog (docs/product.md#search)', () => {
  it('opens with / and with the top bar button, its field focused, with a hint for the role', async () => {
    const { dialog, field, user, store } = await openWithSlash('/sandbox', guest);
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(dialog.getByTestId('search-status')).toHaveTextContent('Find a programme by its name.');
    await user.keyboard('{Escape}');
    expect(store.getState().searchDialog.open).toBe(false);
    // The page is hidden from assistive technology until the dialog has gone.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeVisible();
    expect(store.getState().searchDialog.open).toBe(true);
  });

  it('does not open with / while someone types in a field, and the / is typed', async () => {
    const { user, store } = renderApp('/sandbox/form', { preloadedState: guest });
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.type(name, 'a/b');
    expect(name).toHaveValue('a/b');
    expect(store.getState().searchDialog.open).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull();
  });

  it('sends one request for a burst of typing, none under 2 characters', async () => {
    const { dialog, field, user } = await openWithSlash();
    await user.type(field, 'o');
    await new Promise((r) => setTimeout(r, 400));
    expect(searches()).toHaveLength(0);
    await user.type(field, 'bservational');
    expect(await dialog.findByRole('option', { name: /Observational Drawing/ })).toBeVisible();
    expect(searches().map((r) => r.params.q)).toEqual(['observational']);
    expect(dialog.getByTestId('search-status')).toHaveTextContent('4 results');
  });

  it('shows the results under their group headings, with their second lines', async () => {
    const { dialog, field, user } = await openWithSlash();
    await user.type(field, 'parent');
    const programmes = await dialog.findByRole('group', { name: 'Programmes' });
    expect(
      within(programmes)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Observational DrawingKids · In person',
      'Observational PaintingUnpublishedAdults · Online',
    ]);
    const students = dialog.getByRole('group', { name: 'Students' });
    expect(within(students).getByRole('option')).toHaveTextContent('Mia ParentFamily: Pat Parent');
    const orders = dialog.getByRole('group', { name: 'Orders' });
    expect(within(orders).getByRole('option')).toHaveTextContent(
      '#42Pat Parent · Paid · $120.00 · Mar 14, 2026',
    );
    expect(dialog.queryByRole('group', { name: 'Families' })).toBeNull();
    expect(field).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves with the arrow keys and opens the active result with Enter', async () => {
    const { dialog, field, user, router, store } = await openWithSlash();
    await user.type(field, 'parent');
    const options = await dialog.findAllByRole('option');
    expect(options).toHaveLength(4);
    expect(field).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', options[1]?.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    // Up from the first wraps to the last.
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(field).toHaveAttribute('aria-activedescendant', options[3]?.id);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', options[2]?.id);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/gallery/student/11'));
    expect(store.getState().searchDialog.open).toBe(false);
  });

  it('opens the first result on Enter when none is chosen, and any result on a click', async () => {
    const first = await openWithSlash();
    await first.user.type(first.field, 'parent');
    await first.dialog.findAllByRole('option');
    await first.user.keyboard('{Enter}');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/app/manage_classes/3'));
    first.unmount();

    const second = await openWithSlash();
    await second.user.type(second.field, 'parent');
    await second.user.click(await second.dialog.findByRole('option', { name: /#42/ }));
    await waitFor(() => {
      expect(second.router.state.location.pathname).toBe('/app/manage_orders');
      expect(second.router.state.location.search).toBe('?order=42');
    });
    expect(second.store.getState().searchDialog.open).toBe(false);
  });

  it('says when nothing matches, and when the search failed', async () => {
    const { dialog, field, user } = await openWithSlash();
    await user.type(field, 'nothing');
    expect(await dialog.findByText('Nothing matches “nothing”.')).toBeVisible();
    expect(dialog.queryByRole('listbox')).toBeNull();
    await user.clear(field);
    await user.type(field, 'broken');
    expect(
      await dialog.findByText(
        'The search did not go through. Check your connection and type again.',
      ),
    ).toBeVisible();
  });

  it('closes on Escape without navigating', async () => {
    const { field, user, router, store } = await openWithSlash();
    await user.type(field, 'parent');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{Escape}');
    await waitFor(() => expect(store.getState().searchDialog.open).toBe(false));
    expect(router.state.location.pathname).toBe('/app/sandbox');
  });
});
