import { roomResource } from '@atelier/contract';
import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { renderWithProviders } from '../../testing/render-with-providers';
import { resourcePage } from './resource-admin-page';

// Two cores shared by many test runs: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

// A page made from a declaration alone (rooms): the kit's texts with the resource's noun, the
// declared fields and uses as columns, the in-use message the resource words itself.

const ManageRooms = resourcePage(roomResource, 'manageRooms');
const conflict = (detail: string) => ({
  status: 409,
  data: { errors: [{ status: '409', code: 'conflict', detail }] },
});
const room = (id: string, name: string, uses: number) => ({
  id,
  type: 'rooms',
  attributes: {
    name,
    capacity: 12,
    translations: {},
    schedules_count: uses,
    created_at: '2030-01-01T00:00:00Z',
    updated_at: '2030-01-01T00:00:00Z',
  },
});
const rooms = {
  data: [room('1', 'Studio North', 2), room('2', 'Attic', 0)],
  meta: { total: 2, page: 1, per_page: 20 },
};

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

describe('a declared resource page (rooms)', { timeout: 30_000 }, () => {
  it('lists the declared fields and uses under the kit’s texts made with the noun', async () => {
    server = fakeApi({ 'GET /api/v1/rooms': { data: rooms } });
    renderWithProviders(<ManageRooms />);
    const row = await screen.findByTestId('room-row-1');
    expect(within(row).getByText('Studio North')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(screen.getByTestId('manage-rooms')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Seats' })).toBeInTheDocument();
    expect(
      screen.getByRole('columnheader', { name: 'Schedules meeting here' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New room' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search rooms')).toBeInTheDocument();
  });

  it('says in the resource’s own words why a room in use stays (409)', async () => {
    server = fakeApi({
      'GET /api/v1/rooms': { data: rooms },
      'DELETE /api/v1/rooms/1': conflict('This room cannot be deleted: 2 schedules meet in it.'),
    });
    const { user } = renderWithProviders(<ManageRooms />);
    await user.click(await screen.findByRole('button', { name: 'Delete Studio North' }));
    expect(screen.getByRole('dialog', { name: 'Delete Studio North?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This room is in use: 2 schedules meet in it, so it cannot be deleted.',
    );
  });
});
