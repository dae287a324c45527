import { document, resource } from '@atelier/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { ManagePasses } from './manage-passes';

// Two cores shared by many test runs: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const pass = {
  id: '5',
  type: 'passes',
  attributes: {
    name: 'Ten visits',
    visits: 10,
    price: 15000,
    validity_days: 90,
    klass_group_ids: [1],
    translations: {},
    purchases_count: 0,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
  },
};

/** A page of programmes as GET /api/v1/klass_groups answers it (three in all, two a page). */
const programmePage = (page: number, names: [string, string][]) =>
  document(
    names.map(([id, name]) =>
      resource(
        'klass_groups',
        id,
        {
          name,
          slug: id,
          description: '',
          audience: 'kids',
          format: 'in_person',
          location: 'Studio',
          meeting_url: null,
          min_age: null,
          max_age: null,
          trial_price: null,
          image_url: null,
          thumb_url: null,
          published: true,
          translations: {},
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
        },
        { klass_group_schedules: [] },
      ),
    ),
    { meta: { total: 3, page, per_page: 2 } },
  );

const programmes: Record<string, ReturnType<typeof programmePage>> = {
  '1': programmePage(1, [
    ['1', 'Comics Drawing'],
    ['2', 'Figure Drawing'],
  ]),
  '2': programmePage(2, [['3', 'Studio Hours']]),
};

describe('/manage_passes: the programmes a pass accepts', { timeout: 20_000 }, () => {
  it('offers every programme, past the first page, and saves the ones chosen', async () => {
    server = fakeApi({
      'GET /api/v2/passes': () => ({
        data: { data: [pass], meta: { page: 1, total: 1, per_page: 25 } },
      }),
      'GET /api/v1/klass_groups': (request) => ({ data: programmes[String(request.params.page)] }),
      'PUT /api/v2/passes/5': () => ({
        data: { data: { ...pass, attributes: { ...pass.attributes, klass_group_ids: [1, 3] } } },
      }),
    });
    const { user } = renderWithProviders(<ManagePasses />);
    await user.click(
      await screen.findByRole('button', { name: 'Programmes accepted by Ten visits' }),
    );
    const dialog = await screen.findByTestId('pass-programmes-dialog');
    expect(await within(dialog).findByRole('checkbox', { name: 'Comics Drawing' })).toBeChecked();
    expect(within(dialog).queryByRole('checkbox', { name: 'Studio Hours' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Studio Hours' }));
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server?.requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = server.requests.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({ pass: { klass_group_ids: ['1', '3'] } });
  });
});
