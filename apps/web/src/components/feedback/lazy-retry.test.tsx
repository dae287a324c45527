import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders, makeStore } from '../../testing/render-with-providers';
import { loadOrRetry } from './lazy-retry';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function renderPart(Part: ComponentType<{ name: string }>) {
  return render(
    <AppProviders store={makeStore()}>
      <Part name="Ada" />
    </AppProviders>,
  );
}

describe('loadOrRetry (docs/decisions/051-failed-lazy-loads-offer-a-retry.md)', () => {
  it('answers the part itself when it loads', async () => {
    const Part = await loadOrRetry(async () => Greeting);
    expect(Part).toBe(Greeting);
  });

  it('answers, never rejects, when the load fails, and never reloads the page on its own', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    const Part = await loadOrRetry<{ name: string }>(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      reload,
    );
    renderPart(Part);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This part of the page could not be loaded',
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it('Retry loads the part again and shows it in place, with its props', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<ComponentType<{ name: string }>>>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockRejectedValueOnce(new TypeError('still offline'))
      .mockResolvedValue(Greeting);
    const Part = await loadOrRetry(load, vi.fn());
    renderPart(Part);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    // Still offline: the offer stays.
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('reloads the page only when the user asks for it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    const Part = await loadOrRetry<{ name: string }>(
      () => Promise.reject(new Error('gone')),
      reload,
    );
    renderPart(Part);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload page' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
