import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders, makeStore } from '../../testing/render-with-providers';
import { LoadingOverlay } from './loading-overlay';

describe('LoadingOverlay (docs/product.md#routes-and-screens and #constants)', () => {
  it('covers the page above everything with a labelled 48px primary spinner', () => {
    render(
      <AppProviders store={makeStore()}>
        <LoadingOverlay open />
      </AppProviders>,
    );
    const overlay = screen.getByTestId('loading-overlay');
    expect(getComputedStyle(overlay).zIndex).toBe('9999');
    const spinner = screen.getByRole('progressbar', { name: 'Loading' });
    expect(spinner).toHaveClass('MuiCircularProgress-colorPrimary');
    expect(spinner.style.width).toBe('48px');
    expect(spinner.style.height).toBe('48px');
  });

  it('shows nothing when closed', () => {
    render(
      <AppProviders store={makeStore()}>
        <LoadingOverlay open={false} />
      </AppProviders>,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
