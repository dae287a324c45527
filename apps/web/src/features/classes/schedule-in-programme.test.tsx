import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../testing/builders';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { scheduleDocument } from './classes-test-data';
import { scheduleLookup } from './schedule-in-programme';

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const admin = { session: { status: 'loaded' as const, user: buildUser({ role: 'admin' }) } };

/** The schedule 5 of programme 1, and whatever its waitlist and attendance sections ask. */
function serve() {
  server = fakeApi({
    'GET /api/v1/notifications/unread_count': { data: { data: 0 } },
    'GET /api/v1/klass_group_schedules/5': {
      data: scheduleDocument('5', { attributes: { klass_group_id: '1' } }),
    },
  });
  return server;
}

/** Requests beyond the schedule itself: the waitlist and attendance sections' loads. */
function sectionRequests(api: FakeApi) {
  return api.requests.filter((r) => r.url.includes('/klass_group_schedules/5/'));
}

describe('/manage_classes/{klass_group_id}/schedules/{id} (docs/product.md#error-handling)', () => {
  it('is the not-found page for a schedule of another programme, with no waitlist or attendance', async () => {
    const api = serve();
    renderApp('/manage_classes/2/schedules/5', { preloadedState: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByTestId('not-found')).toBeInTheDocument();
    expect(sectionRequests(api)).toEqual([]);
  });

  it('is the not-found page for an unknown schedule', async () => {
    const api = serve();
    renderApp('/manage_classes/1/schedules/404', { preloadedState: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(sectionRequests(api)).toEqual([]);
  });

  it('shows the schedule of the programme in the URL with its sections', async () => {
    const api = serve();
    renderApp('/manage_classes/1/schedules/5', { preloadedState: admin });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Spring Saturdays' }),
    ).toBeVisible();
    expect(screen.queryByTestId('not-found')).toBeNull();
    await waitFor(() =>
      expect(sectionRequests(api).map((r) => r.url)).toEqual(
        expect.arrayContaining([
          '/api/v2/klass_group_schedules/5/waitlist',
          expect.stringContaining('/api/v1/klass_group_schedules/5/attendances'),
        ]),
      ),
    );
  });
});

describe('scheduleLookup', () => {
  it('tells found, not found (404 or another programme), failed and loading apart', () => {
    const mine = { klass_group_id: '1' };
    expect(scheduleLookup({ data: mine, isLoading: false }, '1')).toBe('found');
    expect(scheduleLookup({ data: mine, isLoading: false }, '2')).toBe('not-found');
    expect(scheduleLookup({ error: { status: 404 }, isLoading: false }, '1')).toBe('not-found');
    expect(scheduleLookup({ error: { status: 503 }, isLoading: false }, '1')).toBe('failed');
    expect(scheduleLookup({ error: { status: null }, isLoading: false }, '1')).toBe('failed');
    expect(scheduleLookup({ isLoading: true }, '1')).toBe('loading');
  });
});
