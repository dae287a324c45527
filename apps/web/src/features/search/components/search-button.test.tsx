import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

// The dialog's code arrives only when this test lets it: a slow network on the first opening.
const chunk = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});
vi.mock('./site-search-dialog', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

const guest = { session: { status: 'loaded' as const, user: null } };
let api: FakeApi;
beforeEach(() => {
  api = fakeApi({ 'GET /api/v1/search': { data: { data: [], meta: { groups: ['programmes'] } } } });
});
afterEach(() => api.restore());

describe('search button (docs/product.md#search)', () => {
  it('keeps what is typed right after / while the dialog loads, and gives it to the focused field', async () => {
    const { user } = renderApp('/sandbox', { preloadedState: guest });
    await screen.findByTestId('top-bar-search');
    await user.keyboard('/figx{Backspace}ure');
    expect(screen.queryByRole('dialog')).toBeNull();

    chunk.arrive();
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    const field = within(dialog).getByRole('combobox', { name: 'Search' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue('figure');
    // Typing goes on in the field itself, without a click.
    await user.keyboard(' drawing');
    expect(field).toHaveValue('figure drawing');
  });
});
