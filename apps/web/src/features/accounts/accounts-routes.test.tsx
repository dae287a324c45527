import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// renderApp runs the router under /app: locations read /app/….
import { buildUser } from '../../testing/builders';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { UI_TEST_TIMEOUT_MS } from '../../testing/form-interactions';
import { renderApp } from '../../testing/render-app';

let server: FakeApi;
beforeEach(() => {
  server = fakeApi({
    'GET /api/v1/notifications/unread_count': { data: { data: 0 } },
    'GET /api/v1/users/7/attendee_profiles': {
      data: { data: [], meta: { total: 0, page: 1, per_page: 20 } },
    },
  });
});
afterEach(() => server.restore());

const guest = { session: { status: 'loaded' as const, user: null } };
const signedIn = { session: { status: 'loaded' as const, user: buildUser({ id: '7' }) } };

async function heading() {
  return (await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).textContent;
}

describe('accounts routes', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('opens the e-mail change link for a guest (no session needed)', async () => {
    const { router } = renderApp('/account_settings/email/tok', { preloadedState: guest });
    expect(await heading()).toBe('Confirm Your New E-mail Address');
    expect(router.state.location.pathname).toBe('/app/account_settings/email/tok');
  });

  it('forwards an e-mail change link given as ?email_token= to that page', async () => {
    const { router } = renderApp('/account_settings?email_token=a%2Fb', {
      preloadedState: signedIn,
    });
    expect(await heading()).toBe('Confirm Your New E-mail Address');
    expect(router.state.location.pathname).toBe('/app/account_settings/email/a%2Fb');
  });

  it('shows every account settings section to a signed-in user', async () => {
    renderApp('/account_settings', { preloadedState: signedIn });
    expect(await heading()).toBe('Account Settings');
    for (const section of ['Profile', 'Profile picture', 'Family members', 'E-mail address']) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Password' })).toBeInTheDocument();
  });

  it('sends a signed-in user who opens /register to the start page', async () => {
    const { router } = renderApp('/register', { preloadedState: signedIn });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
  });
});
