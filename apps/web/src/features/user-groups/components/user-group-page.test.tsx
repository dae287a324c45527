import { document, resource, type UserGroupAttributes } from '@atelier/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { refused } from '../../../testing/error-replies';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { UserGroupPage } from './user-group-page';

// Two cores shared by many test runs: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const group = (id: string, overrides: Partial<UserGroupAttributes> = {}) =>
  resource('user_groups', id, {
    name: 'Scholarship families',
    members_count: 2,
    coupons_count: 1,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  });

const userResource = (id: string, name: string) => {
  const {
    id: _id,
    type: _type,
    ...attributes
  } = buildUser({
    id,
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@example.test`,
  });
  return resource('users', id, attributes);
};

const page = (data: ReturnType<typeof resource>[]) =>
  document(data, { meta: { total: data.length, page: 1, per_page: 20 } });

const routes = {
  'GET /api/v2/user_groups/1': { data: document(group('1')) },
  'GET /api/v2/user_groups/1/members': {
    data: page([userResource('5', 'Amy Adams'), userResource('6', 'Sam Student')]),
  },
  'GET /api/v2/user_groups': {
    data: page([group('1'), group('2', { name: 'Homeschool co-op', members_count: 7 })]),
  },
};

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/user_groups/:id" element={<UserGroupPage id="1" />} />
    </Routes>,
    { route: '/user_groups/1' },
  );
}

describe('/user_groups/{id}', { timeout: 30_000 }, () => {
  it('shows the group, its members, and the other groups as links to switch to', async () => {
    server = fakeApi(routes);
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Scholarship families' }),
    ).toBeInTheDocument();
    expect(screen.getByText('2 members · coupons kept for this group: 1')).toBeInTheDocument();
    const members = await screen.findByTestId('member-row-5');
    expect(within(members).getByText('amy@example.test')).toBeInTheDocument();
    expect(screen.getByTestId('member-row-6')).toHaveTextContent('Sam Student');
    const other = await screen.findByRole('link', { name: 'Homeschool co-op' });
    expect(other).toHaveAttribute('href', '/user_groups/2');
    // The group on screen is marked, not linked.
    expect(screen.queryByRole('link', { name: 'Scholarship families' })).toBeNull();
  });

  it('adds a student found through the user search', async () => {
    server = fakeApi({
      ...routes,
      'GET /api/v1/users/search': (request) => ({
        data: page(request.params.keyword === 'nina' ? [userResource('9', 'Nina New')] : []),
      }),
      'POST /api/v2/user_groups/1/members': { data: document(group('1', { members_count: 3 })) },
    });
    const { user } = renderPage();
    const search = await screen.findByRole('combobox', { name: /^Find students to add/ });
    await user.type(search, 'nina');
    await user.click(await screen.findByRole('option', { name: 'Nina New (nina@example.test)' }));
    await user.click(screen.getByRole('button', { name: 'Add to group' }));
    await waitFor(() => expect(server?.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ user_ids: ['9'] });
    expect(
      server.requests.find((r) => r.url === '/api/v1/users/search' && r.params.keyword)?.params,
    ).toMatchObject({ keyword: 'nina', role: 'student' });
  });

  it('removes a member after asking', async () => {
    server = fakeApi({ ...routes, 'DELETE /api/v2/user_groups/1/members/5': { status: 204 } });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Amy Adams' }));
    const dialog = screen.getByTestId('remove-member-dialog');
    expect(dialog).toHaveTextContent(
      'Amy Adams leaves Scholarship families and its coupons no longer apply for them.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(
        server?.requests.some(
          (r) => r.method === 'DELETE' && r.url === '/api/v2/user_groups/1/members/5',
        ),
      ).toBe(true),
    );
  });

  it('says why a group a coupon is kept for cannot be deleted (409)', async () => {
    server = fakeApi({
      ...routes,
      'DELETE /api/v2/user_groups/1': refused('conflict', 'in use'),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete group' }));
    await user.click(
      within(screen.getByTestId('delete-user-group-dialog')).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This group is in use: 1 coupon is kept for it, so it cannot be deleted.',
    );
  });

  it('tells when the group does not exist and still lists the others', async () => {
    server = fakeApi({
      'GET /api/v2/user_groups/1': refused('not_found', 'User group not found'),
      'GET /api/v2/user_groups': routes['GET /api/v2/user_groups'],
    });
    renderPage();
    expect(await screen.findByTestId('user-group-missing')).toHaveTextContent(
      'This group does not exist.',
    );
    expect(await screen.findByRole('link', { name: 'Homeschool co-op' })).toBeInTheDocument();
  });
});
