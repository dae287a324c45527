import type { Role } from '@atelier/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../testing/builders';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi({ 'GET /api/v1/notifications/unread_count': { data: { data: 0 } } });
});
afterEach(() => api.restore());

const signedIn = (role: Role) => ({
  session: { status: 'loaded' as const, user: buildUser({ role, name: 'Grace Hopper' }) },
});

describe('home page', () => {
  it("welcomes a visitor with the school's offer and ways in", async () => {
    renderApp('/', { preloadedState: { session: { status: 'loaded', user: null } } });
    expect(
      await screen.findByRole('heading', { name: 'Welcome to Atelier Art School' }),
    ).toBeVisible();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Book a class' })).toHaveAttribute(
      'href',
      '/app/book_class',
    );
    expect(main.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/app/register',
    );
    expect(main.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/app/login');
    expect(main.getByText(/^Adults: figure drawing/)).toBeVisible();
    expect(main.getByRole('link', { name: 'Browse our classes' })).toHaveAttribute(
      'href',
      '/classes/in-person/observational-drawing',
    );
  });

  it("greets a student by name and offers the student's own destinations", async () => {
    renderApp('/', { preloadedState: signedIn('student') });
    expect(await screen.findByRole('heading', { name: 'Hi, Grace Hopper' })).toBeVisible();
    const shortcuts = within(screen.getByTestId('home-shortcuts'));
    expect(shortcuts.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/app/orders');
    expect(shortcuts.getByRole('link', { name: 'Classes Schedule' })).toHaveAttribute(
      'href',
      '/app/classes',
    );
    expect(shortcuts.queryByRole('link', { name: 'Manage Plans' })).toBeNull();
    // The start page itself is not a shortcut.
    expect(shortcuts.queryByRole('link', { name: 'Top' })).toBeNull();
  });

  it("offers an admin the admin destinations, not a student's", async () => {
    renderApp('/home', { preloadedState: signedIn('admin') });
    await screen.findByRole('heading', { name: 'Hi, Grace Hopper' });
    const shortcuts = within(screen.getByTestId('home-shortcuts'));
    expect(shortcuts.getByRole('link', { name: 'Manage Plans' })).toHaveAttribute(
      'href',
      '/app/manage_plans',
    );
    expect(shortcuts.getByRole('link', { name: 'Manage User Group' })).toHaveAttribute(
      'href',
      '/app/user_groups/1',
    );
    expect(shortcuts.queryByRole('link', { name: 'Classes Schedule' })).toBeNull();
  });

  it('shows nothing until the session is known, rather than the wrong page', async () => {
    renderApp('/', { preloadedState: { session: { status: 'loading', user: null } } });
    await screen.findByTestId('top-bar');
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});
