import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { PAGE_PROGRESS_DELAY_MS, PageProgress } from './page-progress';

function SlowPage() {
  return <h1>Slow page</h1>;
}

/** A lazy page whose code arrives when the test says so (a slow network). */
function slowPage() {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const lazy = async () => {
    await arrived;
    return { Component: SlowPage };
  };
  return { lazy, arrive: () => arrive() };
}

function renderRoutes(slow: ReturnType<typeof slowPage>) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <PageProgress />
          <Outlet />
        </>
      ),
      children: [
        { index: true, element: <Link to="/slow">Go</Link> },
        { path: 'slow', lazy: slow.lazy },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('PageProgress', () => {
  it('shows a labelled bar once the next page has taken a moment, and removes it when it arrives', async () => {
    const slow = slowPage();
    renderRoutes(slow);
    fireEvent.click(screen.getByRole('link', { name: 'Go' }));

    // A quick page would be there by now: no flash.
    act(() => vi.advanceTimersByTime(PAGE_PROGRESS_DELAY_MS - 1));
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument();

    await act(async () => slow.arrive());
    expect(screen.getByRole('heading', { name: 'Slow page' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
