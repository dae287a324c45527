import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../testing/builders';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi({
    'GET /api/v1/notifications/unread_count': { data: { data: 0 } },
    'GET /api/v1/photo_boxes': {
      data: { data: [], meta: { total: 0, page: 1, per_page: 20 } },
    },
  });
});
afterEach(() => api.restore());

describe('/photo_box', () => {
  it('tells a student the page is for teachers, without asking for any photo box', async () => {
    renderApp('/photo_box', {
      preloadedState: { session: { status: 'loaded', user: buildUser({ role: 'student' }) } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Photobox' })).toBeVisible();
    expect(screen.getByText('For teachers')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Open a photo box' })).not.toBeInTheDocument();
    expect(api.requests.some((r) => r.url === '/api/v1/photo_boxes')).toBe(false);
  });

  it('gives a teacher the photo boxes', async () => {
    renderApp('/photo_box', {
      preloadedState: { session: { status: 'loaded', user: buildUser({ role: 'teacher' }) } },
    });
    expect(await screen.findByRole('button', { name: 'Open a photo box' })).toBeVisible();
    expect(screen.queryByText('For teachers')).not.toBeInTheDocument();
  });

  it('tells a visitor the page is for teachers, with a login that comes back here', async () => {
    const { router } = renderApp('/photo_box', {
      preloadedState: { session: { status: 'loaded', user: null } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Photobox' })).toBeVisible();
    expect(screen.getByText('For teachers')).toBeVisible();
    expect(api.requests.some((r) => r.url === '/api/v1/photo_boxes')).toBe(false);
    await userEvent.click(
      screen.getByRole('link', { name: 'Teachers: log in to open a photo box.' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(router.state.location.pathname).toBe('/app/login');
    expect(router.state.location.search).toBe('?redirect=%2Fphoto_box');
  });
});
