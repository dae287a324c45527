import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../testing/builders';
import { type FakeApi, fakeApi } from '../testing/fake-api';
import { renderApp } from '../testing/render-app';

const failing = vi.hoisted(() => ({ footer: false }));

// Any page that throws while rendering stands for every uncaught rendering error in a page.
vi.mock('./routes/checkout', () => ({
  Component: () => {
    throw new Error('boom');
  },
}));

// A part of the shell that throws stands for every uncaught rendering error outside the pages.
vi.mock('./shell/footer', async (importOriginal) => {
  const real = await importOriginal<typeof import('./shell/footer')>();
  return {
    Footer: () => {
      if (failing.footer) throw new Error('boom');
      return <real.Footer />;
    },
  };
});

let api: FakeApi | undefined;
afterEach(() => {
  failing.footer = false;
  api?.restore();
  api = undefined;
  vi.restoreAllMocks();
});

function loggedBoom(logged: { mock: { calls: unknown[][] } }): boolean {
  return logged.mock.calls.some((args) =>
    args.some((a) => a instanceof Error && a.message === 'boom'),
  );
}

describe('uncaught rendering error (docs/product.md#error-handling)', () => {
  it("replaces the whole app with 'Sorry.. there was an error' and logs the error", async () => {
    failing.footer = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/sandbox', { preloadedState: { session: { status: 'loaded', user: null } } });
    expect(
      await screen.findByText('Sorry.. there was an error', {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.queryByTestId('top-bar')).toBeNull();
    expect(loggedBoom(logged)).toBe(true);
  });

  it('in a page shows the text in its place, logged, and leaves the top bar, menu and sign-out usable', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api = fakeApi({
      'GET /api/v1/notifications/unread_count': { data: { data: 0 } },
      'DELETE /api/v1/users/sign_out': { status: 204 },
    });
    const { user, router } = renderApp('/checkout', {
      preloadedState: { session: { status: 'loaded', user: buildUser({ role: 'student' }) } },
    });
    expect(await screen.findByTestId('page-error', {}, { timeout: 5000 })).toHaveTextContent(
      'Sorry.. there was an error',
    );
    expect(screen.getByTestId('top-bar')).toBeVisible();
    expect(loggedBoom(logged)).toBe(true);
    const nav = within(await screen.findByTestId('drawer-nav', {}, { timeout: 5000 }));
    await user.click(nav.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
  });
});
