import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';

// Any page that throws while rendering stands for every uncaught rendering error under the router.
vi.mock('./routes/checkout', () => ({
  Component: () => {
    throw new Error('boom');
  },
}));

describe('uncaught rendering error (docs/product.md#error-handling)', () => {
  afterEach(() => vi.restoreAllMocks());

  it("replaces the whole app with 'Sorry.. there was an error' and logs the error", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/checkout', { preloadedState: { session: { status: 'loaded', user: null } } });
    expect(
      await screen.findByText('Sorry.. there was an error', {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.queryByTestId('top-bar')).toBeNull();
    expect(
      logged.mock.calls.some((args) =>
        args.some((a) => a instanceof Error && a.message === 'boom'),
      ),
    ).toBe(true);
  });
});
