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

describe('/refund/complete', () => {
  it('says what happens next and links back to the orders', async () => {
    renderApp('/refund/complete', {
      preloadedState: { session: { status: 'loaded', user: buildUser({ role: 'student' }) } },
    });
    expect(await screen.findByRole('heading', { name: 'Refund Requested' })).toBeVisible();
    const main = within(screen.getByRole('main'));
    expect(main.getByText(/school reviews it/)).toBeVisible();
    // Refunds go back by card, cash or check, or as account credit (decision 065): not only to a card.
    const money = main.getByText(/goes back the way you paid/);
    expect(money).toHaveTextContent(/to your card, in cash or by check/);
    expect(money).toHaveTextContent(/as account credit/);
    expect(money).not.toHaveTextContent(/goes back to the card you paid with/);
    expect(main.getByRole('link', { name: 'Back to your orders' })).toHaveAttribute(
      'href',
      '/app/orders',
    );
  });
});
