import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './error-boundary';
import '../../i18n/i18n';

function Broken(): never {
  throw new Error('render failed');
}

describe('AppErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows 'Sorry.. there was an error' instead of the app and logs the error", () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AppErrorBoundary>
        <p>the app</p>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Sorry.. there was an error');
    expect(screen.queryByText('the app')).toBeNull();
    expect(
      logged.mock.calls.some((args) =>
        args.some((a) => a instanceof Error && a.message === 'render failed'),
      ),
    ).toBe(true);
  });

  it('renders the children when nothing fails', () => {
    render(
      <AppErrorBoundary>
        <p>the app</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('the app')).toBeInTheDocument();
  });
});
