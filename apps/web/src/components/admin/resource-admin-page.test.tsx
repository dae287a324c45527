import { defineResource, pageQuerySchema } from '@atelier/contract';
import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { i18n } from '../../i18n/i18n';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { renderWithProviders } from '../../testing/render-with-providers';
import { resourcePage } from './resource-admin-page';

// Two cores shared by many test runs: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

// A page made from a declaration alone, on a resource of the test's own: the kit's texts with the
// resource's noun, the declared fields and uses as columns, the in-use message the resource words
// itself.

const fields = z.object({ name: z.string(), capacity: z.int() });
const studioResource = defineResource({
  name: 'studio',
  type: 'studios',
  paths: { collection: '/api/v1/studios', member: (id) => `/api/v1/studios/${id}` },
  fields: {
    name: { kind: 'text', label: 'kitTest.name', required: true, max: 80 },
    capacity: { kind: 'number', label: 'kitTest.capacity', required: true },
  },
  attributes: fields.extend({ schedules_count: z.number().int() }),
  create: fields,
  listQuery: pageQuerySchema.extend({ search: z.string().optional() }),
  uses: { attribute: 'schedules_count', label: 'kitTest.schedules' },
});
const ManageStudios = resourcePage(studioResource, 'kitTest');
beforeAll(() => {
  i18n.addResourceBundle('en', 'translation', {
    kitTest: {
      noun: 'studio',
      nouns: 'studios',
      name: 'Name',
      capacity: 'Seats',
      schedules: 'Schedules meeting here',
      inUse_one: 'This studio is in use: {{count}} schedule meets in it.',
      inUse_other: 'This studio is in use: {{count}} schedules meet in it.',
    },
  });
});
const conflict = (detail: string) => ({
  status: 409,
  data: { errors: [{ status: '409', code: 'conflict', detail }] },
});
const room = (id: string, name: string, uses: number) => ({
  id,
  type: 'studios',
  attributes: { name, capacity: 12, schedules_count: uses },
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

describe('a declared resource page', { timeout: 30_000 }, () => {
  it('lists the declared fields and uses under the kit’s texts made with the noun', async () => {
    server = fakeApi({ 'GET /api/v1/studios': { data: rooms } });
    renderWithProviders(<ManageStudios />);
    const row = await screen.findByTestId('studio-row-1');
    expect(within(row).getByText('Studio North')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(screen.getByTestId('manage-studios')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Seats' })).toBeInTheDocument();
    expect(
      screen.getByRole('columnheader', { name: 'Schedules meeting here' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New studio' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search studios')).toBeInTheDocument();
  });

  it('says in the resource’s own words why a studio in use stays (409)', async () => {
    server = fakeApi({
      'GET /api/v1/studios': { data: rooms },
      'DELETE /api/v1/studios/1': conflict('This studio cannot be deleted.'),
    });
    const { user } = renderWithProviders(<ManageStudios />);
    await user.click(await screen.findByRole('button', { name: 'Delete Studio North' }));
    expect(screen.getByRole('dialog', { name: 'Delete Studio North?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This studio is in use: 2 schedules meet in it.',
    );
  });
});
