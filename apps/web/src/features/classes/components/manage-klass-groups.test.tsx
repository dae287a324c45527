import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { putKlassGroups } from '../../../testing/cache-entries';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { makeStore, renderWithProviders } from '../../../testing/render-with-providers';
import { selectKlassGroupLists, selectKlassGroupPage, selectKlassList } from '../classes-state';
import {
  conflict,
  flatKlassGroup,
  klassGroupDocument,
  klassGroupListDocument,
  validationErrors,
} from '../classes-test-data';
import { KlassGroupFormDialog } from './klass-group-form-dialog';
import { ManageKlassGroups } from './manage-klass-groups';

// Two cores shared by many test runs: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

/** Typing key by key through MUI is slow on a busy machine; a change event is what matters here. */
function fill(name: string | RegExp, value: string) {
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
}

async function choose(
  user: ReturnType<typeof renderWithProviders>['user'],
  label: string,
  option: string,
) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the programme form', { timeout: 20_000 }, () => {
  it("says 'Required' beside the empty required fields and sends nothing", async () => {
    server = fakeApi({});
    const { user } = renderWithProviders(
      <KlassGroupFormDialog open onClose={vi.fn()} onSaved={vi.fn()} />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Required');
    expect(screen.getAllByText('Required')).toHaveLength(3);
    expect(server.requests).toHaveLength(0);
  });

  it("says 'Invalid input' beside a meeting link that is not a web address", async () => {
    server = fakeApi({});
    const { user } = renderWithProviders(
      <KlassGroupFormDialog open onClose={vi.fn()} onSaved={vi.fn()} />,
    );
    fill('Name', 'Drawing Lab');
    await choose(user, 'Audience', 'All ages');
    await choose(user, 'Format', 'Online');
    fill('Meeting link', 'room 4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: 'Meeting link' })).toHaveAccessibleDescription(
      'Invalid input',
    );
    expect(server.requests).toHaveLength(0);
  });

  it("shows the server's 422 messages beside their fields", async () => {
    server = fakeApi({
      'POST /api/v1/klass_groups': validationErrors({ slug: 'Already used by another programme' }),
    });
    const onSaved = vi.fn();
    const { user } = renderWithProviders(
      <KlassGroupFormDialog open onClose={vi.fn()} onSaved={onSaved} />,
    );
    fill('Name', 'Comics');
    fill('Slug (web address)', 'comics');
    await choose(user, 'Audience', 'Kids');
    await choose(user, 'Format', 'In person');
    fill(/Location/, '12 Studio Lane');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        screen.getByRole('textbox', { name: 'Slug (web address)' }),
      ).toHaveAccessibleDescription('Already used by another programme'),
    );
    expect(server.requests[0]?.body).toEqual({
      klass_group: {
        name: 'Comics',
        slug: 'comics',
        description: '',
        audience: 'kids',
        format: 'in_person',
        location: '12 Studio Lane',
        meeting_url: null,
        min_age: null,
        max_age: null,
        trial_price: null,
        published: false,
        translations: {},
      },
    });
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('creates the programme, then uploads its image as multipart field "image"', async () => {
    server = fakeApi({
      'POST /api/v1/klass_groups': {
        status: 201,
        data: klassGroupDocument('9', { name: 'Comics' }),
      },
      'PUT /api/v1/klass_groups/9/image': {
        data: klassGroupDocument('9', { name: 'Comics', thumb_url: '/uploads/t.webp' }),
      },
    });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <KlassGroupFormDialog open onClose={onClose} onSaved={onSaved} />,
    );
    fill('Name', 'Comics');
    await choose(user, 'Audience', 'Kids');
    await choose(user, 'Format', 'In person');
    fill(/Location/, 'Studio');
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'comics.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('klass-group-image-input'), png);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/v1/klass_groups',
      'PUT /api/v1/klass_groups/9/image',
    ]);
    const form = server.requests[1]?.body as FormData;
    expect((form.get('image') as File).name).toBe('comics.png');
    expect(onSaved).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: '9', thumb_url: '/uploads/t.webp' }),
    );
  });
});

describe('/manage_classes', { timeout: 20_000 }, () => {
  const pages: Record<string, ReturnType<typeof klassGroupListDocument>> = {
    '1': klassGroupListDocument(
      [
        { id: '1', attributes: { name: 'Comics Drawing' } },
        { id: '2', attributes: { name: 'Figure Drawing', audience: 'adults', published: false } },
      ],
      { total: 3, page: 1, per_page: 2 },
    ),
    '2': klassGroupListDocument([{ id: '3', attributes: { name: 'Studio Hours' } }], {
      total: 3,
      page: 2,
      per_page: 2,
    }),
  };

  it('lists page 1, then merges page 2 into klassGroupLists as klassGroupPage advances', async () => {
    server = fakeApi({
      'GET /api/v1/klass_groups': (request) => ({ data: pages[String(request.params.page)] }),
    });
    const { user, store } = renderWithProviders(<ManageKlassGroups />);
    expect(await screen.findByRole('link', { name: 'Comics Drawing' })).toHaveAttribute(
      'href',
      '/manage_classes/1',
    );
    expect(screen.getByText('Showing 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Studio Hours' })).toBeInTheDocument();
    expect(selectKlassGroupPage(store.getState())).toBe(2);
    expect(selectKlassGroupLists(store.getState()).map((g) => g.id)).toEqual(['1', '2', '3']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(within(screen.getByTestId('klass-group-row-2')).getByText('Adults')).toBeInTheDocument();
  });

  it('searches from page 1 again with the typed keyword', async () => {
    server = fakeApi({
      'GET /api/v1/klass_groups': (request) => ({
        data: request.params.search
          ? klassGroupListDocument([{ id: '2', attributes: { name: 'Figure Drawing' } }], {
              total: 1,
              page: 1,
            })
          : pages[String(request.params.page)],
      }),
    });
    const { user, store } = renderWithProviders(<ManageKlassGroups />);
    await screen.findByRole('link', { name: 'Comics Drawing' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Studio Hours' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search programmes' }), {
      target: { value: 'figure' },
    });
    // The search waits for typing to pause (300 ms) before asking.
    await waitFor(() => {
      expect(screen.queryByRole('link', { name: 'Comics Drawing' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Figure Drawing' })).toBeInTheDocument();
    });
    expect(selectKlassGroupPage(store.getState())).toBe(1);
    expect(server.requests.at(-1)?.params).toEqual({ page: 1, search: 'figure' });
  });

  it('deletes a programme and removes its classes from klassList (docs/product.md#client-state)', async () => {
    let deleted = false;
    server = fakeApi({
      'GET /api/v1/klass_groups': () => ({
        data: deleted
          ? klassGroupListDocument([{ id: '2', attributes: { name: 'Figure Drawing' } }], {
              total: 1,
              page: 1,
            })
          : pages['1'],
      }),
      'DELETE /api/v1/klass_groups/1': () => {
        deleted = true;
        return { status: 204 };
      },
    });
    const store = makeStore();
    // Both programmes' own entries, as their pages left them, with a schedule each.
    putKlassGroups(store, [
      flatKlassGroup('1', [{ id: '10' }]),
      flatKlassGroup('2', [{ id: '20' }]),
    ]);
    const { user } = renderWithProviders(<ManageKlassGroups />, { store });
    await user.click(await screen.findByRole('button', { name: 'Delete Comics Drawing' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Comics Drawing' })).not.toBeInTheDocument(),
    );
    expect(selectKlassList(store.getState()).map((k) => [k.id, k.klass_group_id])).toEqual([
      ['20', '2'],
    ]);
  });

  it('explains a 409 (people enrolled) and offers to archive the programme instead', async () => {
    server = fakeApi({
      'GET /api/v1/klass_groups': { data: pages['1'] },
      'DELETE /api/v1/klass_groups/1': conflict('This programme cannot be deleted'),
      'PATCH /api/v1/klass_groups/1': {
        data: klassGroupDocument('1', { name: 'Comics Drawing', published: false }),
      },
    });
    const { user } = renderWithProviders(<ManageKlassGroups />);
    await user.click(await screen.findByRole('button', { name: 'Delete Comics Drawing' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'People are enrolled in this programme, so it cannot be deleted. Archive it instead',
    );
    await user.click(screen.getByRole('button', { name: 'Unpublish (archive)' }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('klass-group-row-1')).getByText('Not published'),
      ).toBeInTheDocument(),
    );
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      klass_group: { published: false },
    });
  });
});
