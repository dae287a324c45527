import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { snackbarShown } from '../../lib/snackbar-slice';
import { renderWithProviders } from '../../testing/render-with-providers';
import { AppSnackbar } from './app-snackbar';

function show(type?: 'success' | 'info' | 'warning' | 'error') {
  const view = renderWithProviders(
    <>
      <p>elsewhere</p>
      <AppSnackbar />
    </>,
  );
  act(() => {
    view.store.dispatch(snackbarShown({ content: 'Saved', ...(type ? { type } : {}) }));
  });
  return view;
}

describe('AppSnackbar (docs/product.md#client-state snackbar)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the content as an alert of its type (info by default)', () => {
    show();
    const alert = screen.getByTestId('snackbar');
    expect(alert).toHaveTextContent('Saved');
    expect(alert).toHaveClass('MuiAlert-colorInfo');
  });

  it('shows an error as an error alert', () => {
    show('error');
    expect(screen.getByTestId('snackbar')).toHaveClass('MuiAlert-colorError');
  });

  it.each([
    ['success', 5000],
    ['info', 5000],
    ['warning', 7000],
  ] as const)('hides a %s message after %i ms', (type, ms) => {
    vi.useFakeTimers();
    const { store } = show(type);
    act(() => vi.advanceTimersByTime(ms - 100));
    expect(store.getState().snackbar.open).toBe(true);
    act(() => vi.advanceTimersByTime(200));
    expect(store.getState().snackbar.open).toBe(false);
  });

  it('keeps an error until it is closed', () => {
    vi.useFakeTimers();
    const { store } = show('error');
    act(() => vi.advanceTimersByTime(60_000));
    expect(store.getState().snackbar.open).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(store.getState().snackbar.open).toBe(false);
  });

  it('hides on Escape', () => {
    const { store } = show('error');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(store.getState().snackbar.open).toBe(false);
  });

  it('hides on a click elsewhere', async () => {
    const { store } = show('error');
    // MUI arms click-away on the next tick after opening.
    await act(() => new Promise((r) => setTimeout(r, 0)));
    fireEvent.click(screen.getByText('elsewhere'));
    expect(store.getState().snackbar.open).toBe(false);
  });
});
