import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { klassGroupListDocument } from '../../classes/classes-test-data';
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

const programmes: Record<string, ReturnType<typeof klassGroupListDocument>> = {
  '1': klassGroupListDocument(
    [
      { id: '1', attributes: { name: 'Comics Drawing' } },
      { id: '2', attributes: { name: 'Figure Drawing' } },
    ],
    { total: 3, page: 1, per_page: 2 },
  ),
  '2': klassGroupListDocument([{ id: '3', attributes: { name: 'Studio Hours' } }], {
    total: 3,
    page: 2,
    per_page: 2,
  }),
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
