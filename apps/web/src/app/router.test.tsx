import type { Role } from '@atelier/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initialSessionState } from '../features/session';
import { buildUser } from '../testing/builders';
import { type FakeApi, fakeApi } from '../testing/fake-api';
import { renderApp } from '../testing/render-app';

const asGuest = { session: { status: 'loaded' as const, user: null } };
const as = (role: Role) => ({
  session: { status: 'loaded' as const, user: buildUser({ role, name: `A ${role}` }) },
});

let api: FakeApi;
beforeEach(() => {
  api = fakeApi({
    'GET /api/v1/notifications/unread_count': { data: { data: 0 } },
    // Manage Schedule shows the not-found page for an unknown schedule (404, the fake's default);
    // a failed load still shows the page, which is all the route table's test needs.
    'GET /api/v1/klass_group_schedules/9': { status: 503 },
  });
});
afterEach(() => api.restore());

async function heading() {
  return (await screen.findByRole('heading', { level: 1 })).textContent;
}

describe('route table and protected-route rule (docs/product.md#routes-and-screens)', () => {
  it('sends a guest who opens a student page to /login', async () => {
    const { router } = renderApp('/orders', { preloadedState: asGuest });
    expect(await heading()).toBe('Log in');
    expect(router.state.location.pathname).toBe('/app/login');
  });

  it('sends a guest who opens a deep link to /login with the path and query to come back to', async () => {
    const { router } = renderApp('/classes?message=3', { preloadedState: asGuest });
    expect(await heading()).toBe('Log in');
    expect(router.state.location.pathname).toBe('/app/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/classes?message=3',
    );
  });

  it('sends a guest who opens any logged-in page to /login', async () => {
    const { router } = renderApp('/gallery/feedback', { preloadedState: asGuest });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
  });

  it('sends a student who opens an admin page to /404, which shows the not-found page', async () => {
    const { router } = renderApp('/manage_classes', { preloadedState: as('student') });
    expect(await heading()).toBe('Page not found');
    expect(router.state.location.pathname).toBe('/app/404');
  });

  it('keeps a family out of Send Message, which teachers and admins open', async () => {
    const { router } = renderApp('/messages', { preloadedState: as('student') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/404'));
  });

  it('keeps a teacher out of admin pages but lets them manage coupons and user groups', async () => {
    const first = renderApp('/customers', { preloadedState: as('teacher') });
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/app/404'));
    first.unmount();
    renderApp('/user_groups/1', { preloadedState: as('teacher') });
    expect(await heading()).toBe('User Group');
  });

  it('keeps teachers and admins out of student-only pages', async () => {
    const { router } = renderApp('/refund/complete', { preloadedState: as('admin') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/404'));
  });

  it('shows nothing on a protected page while the session is not loaded yet, and does not redirect', async () => {
    const { router, store } = renderApp('/orders', {
      preloadedState: { session: { ...initialSessionState, status: 'loading' } },
    });
    // The layout is there, the page is not, and nobody was sent anywhere.
    expect(await screen.findByTestId('top-bar')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(router.state.location.pathname).toBe('/app/orders');
    expect(store.getState().session.status).toBe('loading');
  });

  it.each([
    ['/manage_classes/3/schedules/9', 'Manage Schedule'],
    ['/manage_classes/3', 'Manage Class'],
    ['/manage_classes', 'Manage Classes'],
    ['/customers/guest', 'Guest Customers'],
    ['/customers', 'Customers'],
    ['/manage_plans', 'Manage Plans'],
    ['/sales_overview', 'Sales Overview'],
    ['/manage_orders', 'Manage Orders'],
    ['/manage_coupons', 'Manage Coupons'],
    ['/messages', 'Send Message'],
    ['/gallery', 'News Feed'],
    ['/gallery/my_gallery', 'My Gallery'],
    ['/gallery/student/5', 'Student Gallery'],
    ['/classes', 'Classes Schedule'],
    ['/account_settings', 'Account Settings'],
  ])('lets an admin open %s (%s)', async (path, title) => {
    renderApp(path, { preloadedState: as('admin') });
    expect(await heading()).toBe(title);
  });

  it.each([
    ['/book_class', 'Book a Class'],
    ['/photo_box', 'Photobox'],
    ['/photo_upload', 'Photo Upload'],
    ['/register', 'Sign Up'],
    ['/register/check_email', 'Check Your E-mail'],
    ['/register/complete/tok', 'Registration Complete'],
    ['/register/tok', 'Confirm Your Account'],
    ['/password_reset/', 'Reset Your Password'],
    ['/password_reset/tok', 'Choose a New Password'],
    ['/cart/7', 'Cart Item'],
    ['/cart', 'Cart'],
    ['/checkout', 'Checkout'],
    ['/checkout/complete', 'Thank You for Your Order'],
    ['/checkout/failed', 'Payment Failed'],
    ['/sandbox', 'UI Kit'],
    ['/home', 'Welcome to Atelier Art School'],
  ])('lets a guest open the public page %s (%s)', async (path, title) => {
    renderApp(path, { preloadedState: asGuest });
    expect(await heading()).toBe(title);
  });

  it('shows the not-found page for an unknown path', async () => {
    const { router } = renderApp('/no/such/page', { preloadedState: asGuest });
    expect(await heading()).toBe('Page not found');
    expect(router.state.location.pathname).toBe('/app/no/such/page');
  });

  it('sets the document title to the gallery name', async () => {
    renderApp('/sandbox', { preloadedState: asGuest });
    await heading();
    expect(document.title).toBe('Atelier Gallery');
  });
});
