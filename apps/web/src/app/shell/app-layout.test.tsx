import type { Role } from '@atelier/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, setI18nLanguage } from '../../i18n/i18n';
import { buildCartItem, buildUser } from '../../testing/builders';
import { makeStoreWithCart } from '../../testing/cache-entries';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { renderApp, setScreenWidth } from '../../testing/render-app';

const guest = { session: { status: 'loaded' as const, user: null } };
const signedIn = (role: Role, name = 'Ada King Lovelace') => ({
  session: { status: 'loaded' as const, user: buildUser({ role, name }) },
});

let api: FakeApi;
let unread = 0;
beforeEach(() => {
  unread = 0;
  api = fakeApi({
    'GET /api/v1/notifications/unread_count': () => ({ data: { data: unread } }),
    'DELETE /api/v1/users/sign_out': { status: 204 },
  });
});
afterEach(async () => {
  api.restore();
  await setI18nLanguage('en');
});

async function page() {
  return screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
}
const drawer = () => screen.findByTestId('drawer-nav', {}, { timeout: 5000 });

describe('top bar', () => {
  it('offers visitors Log in and Sign up, and no signed-in buttons', async () => {
    renderApp('/sandbox', { preloadedState: guest });
    await page();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/app/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/app/register');
    expect(screen.queryByTestId('top-bar-gallery')).toBeNull();
    expect(screen.queryByTestId('top-bar-notifications')).toBeNull();
  });

  it('gives a student Gallery, Register, Notifications and Cart, with badges capped at 9+', async () => {
    unread = 12;
    renderApp('/sandbox', {
      store: makeStoreWithCart(signedIn('student'), [
        buildCartItem({ id: '1' }),
        buildCartItem({ id: '2' }),
      ]),
    });
    await page();
    expect(await screen.findByRole('link', { name: 'Gallery' })).toHaveAttribute(
      'href',
      '/app/gallery',
    );
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/app/book_class',
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 12 unread' })).toBeVisible();
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent('9+');
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toHaveAttribute(
      'href',
      '/app/cart',
    );
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('2');
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('shows a teacher neither Register nor Cart', async () => {
    renderApp('/sandbox', { preloadedState: signedIn('teacher') });
    await page();
    expect(await screen.findByRole('link', { name: 'Gallery' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
    expect(screen.queryByTestId('top-bar-cart')).toBeNull();
  });

  it('shows the wide logo from 800px and the narrow one below', async () => {
    const wide = renderApp('/sandbox', { preloadedState: guest, width: 800 });
    await page();
    expect(screen.getByTestId('logo-wide')).toBeInTheDocument();
    wide.unmount();
    renderApp('/sandbox', { preloadedState: guest, width: 799 });
    await page();
    expect(screen.getByTestId('logo-narrow')).toBeInTheDocument();
  });

  it('names the logo link with its visible text, in each language (label in name)', async () => {
    renderApp('/sandbox', { preloadedState: guest, width: 800 });
    await page();
    const logo = screen.getByTestId('logo-wide');
    expect(logo.textContent).toBe('Atelier Gallery');
    expect(logo.getAttribute('aria-label')).toContain(logo.textContent);
    await act(() => setI18nLanguage('ja'));
    expect(logo.textContent).toBe('アトリエ ギャラリー');
    expect(logo.getAttribute('aria-label')).toContain(logo.textContent);
  });

  it('makes the logo a full page load of / for visitors', async () => {
    renderApp('/sandbox', { preloadedState: guest });
    await page();
    const logo = screen.getByRole('link', { name: 'Atelier Gallery: home' });
    // A plain link to the site root, not a route of the app (those read /app/…).
    expect(logo).toHaveAttribute('href', '/');
  });

  it('makes the logo navigate inside the app to / when logged in', async () => {
    const { router, user } = renderApp('/sandbox', { preloadedState: signedIn('teacher') });
    await page();
    await user.click(screen.getByRole('link', { name: 'Atelier Gallery: home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(await screen.findByRole('heading', { name: 'Hi, Ada King Lovelace' })).toBeVisible();
  });
});

describe('drawer', () => {
  it('is open by default on a wide screen', async () => {
    const { store } = renderApp('/sandbox', { preloadedState: guest });
    await page();
    expect(await drawer()).toBeVisible();
    expect(store.getState().shell.drawerOpen).toBe(true);
  });

  it.each(['/login', '/register', '/register/check_email'])(
    'starts closed on %s even on a wide screen',
    async (path) => {
      const { store } = renderApp(path, { preloadedState: guest });
      await page();
      expect(store.getState().shell.drawerOpen).toBe(false);
      expect(screen.queryByTestId('drawer-nav')).toBeNull();
    },
  );

  it('starts closed on a small screen and closes after navigating from it', async () => {
    const { store, user, router } = renderApp('/sandbox', {
      preloadedState: signedIn('student'),
      width: 500,
    });
    await page();
    expect(store.getState().shell.drawerOpen).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = await drawer();
    // On a small screen the menu is a modal panel, named like the menu it holds.
    expect(screen.getByRole('dialog', { name: 'Main menu' })).toContainElement(nav);
    await user.click(within(nav).getByRole('link', { name: 'Account Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/account_settings'));
    expect(store.getState().shell.drawerOpen).toBe(false);
  });

  it('starts the open panel below the top bar on a phone, so the avatar and greeting show', async () => {
    const { user } = renderApp('/sandbox', {
      preloadedState: signedIn('student', 'Ada'),
      width: 360,
    });
    await page();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = await drawer();
    const panel = screen.getByRole('dialog', { name: 'Main menu' });
    // The top bar is fixed above the modal panel: a toolbar-high spacer comes first in the panel.
    const spacer = within(panel).getByTestId('drawer-top-bar-spacer');
    expect(spacer).toHaveClass('MuiToolbar-root');
    expect(panel.firstElementChild).toBe(spacer);
    expect(spacer.nextElementSibling).toBe(nav);
    expect(within(nav).getByTestId('drawer-greeting')).toHaveTextContent('Hi, Ada');
  });

  it('closes when the screen turns narrow, leaving the page reachable (no modal left behind)', async () => {
    const { store, container } = renderApp('/sandbox', { preloadedState: signedIn('student') });
    await drawer();
    expect(store.getState().shell.drawerOpen).toBe(true);
    act(() => setScreenWidth(500));
    await waitFor(() => expect(store.getState().shell.drawerOpen).toBe(false));
    await new Promise((r) => setTimeout(r, 400));
    expect(container.closest('[aria-hidden="true"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('toggles with the menu button, which says what it will do', async () => {
    const { store, user } = renderApp('/sandbox', { preloadedState: guest });
    await page();
    await user.click(await screen.findByRole('button', { name: 'Close menu' }));
    expect(store.getState().shell.drawerOpen).toBe(false);
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it("greets the user and lists a student's My section, the Web section and Log out", async () => {
    renderApp('/sandbox', { preloadedState: signedIn('student') });
    const nav = await drawer();
    expect(within(nav).getByText('Hi, Ada King Lovelace')).toBeVisible();
    const my = within(screen.getByTestId('drawer-my-section'));
    expect(my.getByRole('link', { name: 'Top' })).toHaveAttribute('href', '/app');
    expect(my.getByRole('link', { name: 'Account Settings' })).toHaveAttribute(
      'href',
      '/app/account_settings',
    );
    expect(my.getByRole('button', { name: 'Gallery' })).toBeVisible();
    expect(my.getByRole('button', { name: 'My Classes' })).toBeVisible();
    expect(my.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/app/orders');
    expect(my.queryByRole('button', { name: 'Customers' })).toBeNull();
    expect(within(nav).getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  it("lists an admin's Classes and Customers sections", async () => {
    const { user } = renderApp('/sandbox', { preloadedState: signedIn('admin') });
    await drawer();
    const my = within(screen.getByTestId('drawer-my-section'));
    expect(my.queryByRole('button', { name: 'My Classes' })).toBeNull();
    expect(my.queryByRole('link', { name: 'Orders' })).toBeNull();
    await user.click(my.getByRole('button', { name: 'Customers' }));
    expect(my.getByRole('link', { name: 'Manage User Group' })).toHaveAttribute(
      'href',
      '/app/user_groups/1',
    );
    expect(my.getByRole('link', { name: 'Sales Overview' })).toHaveAttribute(
      'href',
      '/app/sales_overview',
    );
    expect(my.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/app/manage_orders');
    await user.click(my.getByRole('button', { name: 'Classes' }));
    expect(my.getByRole('link', { name: 'Manage Plans' })).toHaveAttribute(
      'href',
      '/app/manage_plans',
    );
  });

  it('shows visitors only the Web section, without greeting or Log out', async () => {
    renderApp('/sandbox', { preloadedState: guest });
    const nav = await drawer();
    expect(screen.queryByTestId('drawer-my-section')).toBeNull();
    expect(within(nav).queryByText(/^Hi,/)).toBeNull();
    expect(within(nav).queryByRole('button', { name: 'Log out' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'href',
      '/?noredirect=1',
    );
  });

  it('auto-expands the submenu holding the current page, and only that one', async () => {
    renderApp('/photo_box', { preloadedState: signedIn('student') });
    await drawer();
    const my = within(screen.getByTestId('drawer-my-section'));
    expect(my.getByRole('button', { name: 'Gallery' })).toHaveAttribute('aria-expanded', 'true');
    expect(my.getByRole('link', { name: 'Photobox' })).toHaveAttribute('aria-current', 'page');
    expect(my.getByRole('button', { name: 'My Classes' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(my.queryByRole('link', { name: 'Classes Schedule' })).toBeNull();
  });

  it('greys out an entry with an empty link and does not let it be clicked', async () => {
    // A family does not send class messages: its Send Message entry stays greyed.
    const { user, router } = renderApp('/classes', { preloadedState: signedIn('student') });
    await drawer();
    const sendMessage = await screen.findByTestId('menu-send-message');
    expect(sendMessage).toHaveAttribute('aria-disabled', 'true');
    expect(sendMessage).toHaveClass('Mui-disabled');
    await user.click(sendMessage).catch(() => undefined);
    expect(router.state.location.pathname).toBe('/app/classes');
  });

  it('leads a teacher from Send Message to the page that sends them', async () => {
    const { user, router } = renderApp('/classes', { preloadedState: signedIn('teacher') });
    await drawer();
    const sendMessage = await screen.findByTestId('menu-send-message');
    expect(sendMessage).not.toHaveAttribute('aria-disabled');
    expect(sendMessage).toHaveAttribute('href', '/app/messages');
    await user.click(sendMessage);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/messages'));
  });

  it('links public pages outside the app and opens the blog in a new tab', async () => {
    const { user } = renderApp('/sandbox', { preloadedState: guest });
    const nav = within(await drawer());
    await user.click(nav.getByRole('button', { name: 'About' }));
    expect(nav.getByRole('link', { name: 'About Atelier' })).toHaveAttribute(
      'href',
      '/about-atelier',
    );
    expect(nav.getByRole('link', { name: 'Our Instructors' })).toHaveAttribute(
      'href',
      '/our-instructors',
    );
    const blog = nav.getByRole('link', { name: /Blog/ });
    expect(blog).toHaveAttribute('target', '_blank');
    expect(blog.getAttribute('rel')).toContain('noopener');
    await user.click(nav.getByRole('button', { name: 'Kids' }));
    expect(nav.getByRole('link', { name: 'Comics Drawing' })).toHaveAttribute(
      'href',
      '/classes/in-person/comics-drawing',
    );
    expect(nav.getByRole('link', { name: 'Student Gallery' })).toHaveAttribute(
      'href',
      '/student-gallery',
    );
  });

  it('logs out from the drawer: the server is told, the user is cleared, and /login opens', async () => {
    const { user, router, store } = renderApp('/sandbox', { preloadedState: signedIn('student') });
    const nav = within(await drawer());
    await user.click(nav.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
    expect(store.getState().session.user).toBeNull();
    expect(
      api.requests.some((r) => r.method === 'DELETE' && r.url === '/api/v1/users/sign_out'),
    ).toBe(true);
  });
});

describe('footer', () => {
  it('shows the copyright, school, contact mail, terms, privacy and social links', async () => {
    renderApp('/sandbox', { preloadedState: guest });
    await page();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText('© 2021 Atelier Art School')).toBeVisible();
    expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'href',
      'mailto:hello@atelier.test',
    );
    expect(footer.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute(
      'href',
      '/terms-of-use',
    );
    expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    const instagram = footer.getByRole('link', { name: /Instagram/ });
    expect(instagram).toHaveAttribute('target', '_blank');
    expect(footer.getByRole('link', { name: /Facebook/ })).toBeVisible();
  });
});

describe('landmarks', () => {
  it('has a banner, a labelled navigation, a main region and a footer', async () => {
    renderApp('/sandbox', { preloadedState: guest });
    await drawer();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(await page());
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});

describe('language switch', () => {
  it('switches the UI to Japanese, sets liveLanguage and remembers the choice', async () => {
    const { user, store } = renderApp('/sandbox', { preloadedState: guest });
    await page();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ja');
    expect(await screen.findByRole('link', { name: 'ログイン' })).toBeVisible();
    expect((await page()).textContent).toBe('UIキット');
    expect(store.getState().language.liveLanguage).toBe('ja');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');
    expect(document.title).toBe('アトリエ ギャラリー');
  });

  it('follows liveLanguage when something else sets it', async () => {
    const { store } = renderApp('/sandbox', {
      preloadedState: { ...guest, language: { liveLanguage: 'ja' } },
    });
    expect(await screen.findByRole('link', { name: 'ログイン' }, { timeout: 5000 })).toBeVisible();
    // A guest has no notifications: nothing of theirs is asked for or kept.
    const held = Object.values(store.getState().api.queries).map((q) => q?.endpointName);
    expect(held.filter((name) => name === 'notifications' || name === 'unreadCount')).toEqual([]);
  });
});
