import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { makeStore, renderWithProviders } from '../../../testing/render-with-providers';
import { FakeCardForm } from './fake-card-form';

const payment = {
  provider: 'fake' as const,
  client_secret: 'pi_fake_1_secret_x',
  publishable_key: null,
};

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

function renderForm(onSucceeded = vi.fn()) {
  const store = makeStore({ session: { status: 'loaded', user: buildUser() } });
  const view = renderWithProviders(
    <FakeCardForm payment={payment} amount="$42.00" onSucceeded={onSucceeded} />,
    { store },
  );
  return { ...view, onSucceeded };
}

async function fill(user: ReturnType<typeof renderForm>['user'], expiry: string) {
  await user.type(screen.getByLabelText(/card number/i), '4242 4242 4242 4242');
  fireEvent.change(screen.getByLabelText(/expiry/i), { target: { value: expiry } });
  fireEvent.change(screen.getByLabelText(/cvc/i), { target: { value: '123' } });
  await user.click(screen.getByTestId('pay-submit'));
}

describe('the fake card form (docs/product.md#checkout-and-orders)', () => {
  it('refuses an expiry in the past beside the field, sending nothing, as Stripe test cards do', async () => {
    server = fakeApi({});
    const { user, onSucceeded } = renderForm();
    await fill(user, '01 / 20');
    expect(await screen.findByText('Your card has expired.')).toBeVisible();
    expect(screen.getByLabelText(/expiry/i)).toHaveAttribute('aria-invalid', 'true');
    expect(server.requests).toHaveLength(0);
    expect(onSucceeded).not.toHaveBeenCalled();
  });

  it('sends a future expiry with the card, as Stripe.js would (exp_month, exp_year)', async () => {
    server = fakeApi({
      'POST /api/v2/fake_payments/pi_fake_1/confirm': {
        data: { status: 'succeeded', error: null },
      },
    });
    const { user, onSucceeded } = renderForm();
    await fill(user, '12 / 99');
    await waitFor(() => expect(onSucceeded).toHaveBeenCalled());
    expect(server.requests[0]?.body).toEqual({
      card_number: '4242424242424242',
      client_secret: payment.client_secret,
      exp_month: 12,
      exp_year: 2099,
    });
  });
});
