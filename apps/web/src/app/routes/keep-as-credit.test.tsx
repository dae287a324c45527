import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

let api: FakeApi | undefined;
afterEach(() => api?.restore());

const held = (state: 'held' | 'card' | 'credit') => ({
  data: {
    id: '9',
    type: 'held_refunds',
    attributes: {
      order_id: '77',
      amount: 24000,
      currency: 'USD',
      state,
      send_after: state === 'held' ? '2026-11-28T16:00:00.000Z' : null,
    },
  },
});

const TOKEN = '9.signature';
const URL_WITH_TOKEN = `/refund/keep-as-credit?token=${TOKEN}`;

describe('/refund/keep-as-credit', () => {
  it('while held, offers to keep the money as account credit; choosing says it is done', async () => {
    api = fakeApi({
      'GET /api/v1/notifications/unread_count': { data: { data: 0 } },
      'GET /api/v2/refunds/keep_as_credit': { data: held('held') },
      'POST /api/v2/refunds/keep_as_credit': { data: held('credit') },
    });
    renderApp(URL_WITH_TOKEN);
    expect(await screen.findByRole('heading', { name: 'Keep as Account Credit' })).toBeVisible();
    const main = within(screen.getByRole('main'));
    expect(await main.findByText(/We will refund it to your card on/)).toBeVisible();
    fireEvent.click(main.getByRole('button', { name: 'Keep $240.00 as account credit' }));
    expect(await main.findByText(/is kept as account credit/)).toBeVisible();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ token: TOKEN });
  });

  it('once sent, says it is on its way back to the card; a bad link says so', async () => {
    api = fakeApi({
      'GET /api/v1/notifications/unread_count': { data: { data: 0 } },
      'GET /api/v2/refunds/keep_as_credit': { data: held('card') },
    });
    renderApp(URL_WITH_TOKEN);
    expect(await screen.findByText(/already on its way back to your card/)).toBeVisible();
  });

  it('a link we did not sign', async () => {
    api = fakeApi({
      'GET /api/v1/notifications/unread_count': { data: { data: 0 } },
      'GET /api/v2/refunds/keep_as_credit': {
        status: 404,
        data: { errors: [{ status: '404', code: 'not_found', detail: 'This link is not valid' }] },
      },
    });
    renderApp(URL_WITH_TOKEN);
    expect(await screen.findByText(/This link is not valid\. Please use/)).toBeVisible();
  });
});
