import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_SCRIPT_URL } from '../../../lib/payment-script';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { PaymentWrapperError, StripeCardForm, StripePayment } from './stripe-payment';

const payment = {
  provider: 'stripe' as const,
  client_secret: 'pi_1_secret_x',
  publishable_key: 'pk_test_1',
};

function paymentScript(): HTMLScriptElement {
  const script = document.head.querySelector<HTMLScriptElement>(
    `script[src="${PAYMENT_SCRIPT_URL}"]`,
  );
  if (!script) throw new Error('the payment script was not added');
  return script;
}

afterEach(() => {
  for (const s of document.head.querySelectorAll('script')) s.remove();
  delete window.Stripe;
});

/** A stand-in for Stripe.js with what Elements and the card form call. */
function fakeStripe(confirmCardPayment: ReturnType<typeof vi.fn>) {
  const element = {
    mount: vi.fn(),
    destroy: vi.fn(),
    on: vi.fn(),
    off: vi.fn(),
    update: vi.fn(),
  };
  return {
    elements: vi.fn(() => ({ create: vi.fn(() => element), getElement: vi.fn(() => element) })),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment,
  };
}

describe('the Stripe payment wrapper (docs/product.md#error-handling)', { timeout: 30_000 }, () => {
  const props = { payment, amount: '$120.00', onSucceeded: vi.fn() };

  it('says the payment script failed to load when it does not load', async () => {
    renderWithProviders(<StripePayment {...props} />);
    fireEvent.error(paymentScript());
    expect(await screen.findByTestId('payment-script-error')).toHaveTextContent(
      'The payment script failed to load',
    );
  });

  it('says the payment script is not available when it loads without Stripe', async () => {
    renderWithProviders(<StripePayment {...props} />);
    fireEvent.load(paymentScript());
    expect(await screen.findByTestId('payment-script-error')).toHaveTextContent(
      'The payment script is not available',
    );
  });

  it('throws when the card form is used without its Elements context', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<StripeCardForm {...props} />)).toThrow(PaymentWrapperError);
    quiet.mockRestore();
  });

  it('confirms the card with the client secret and shows a decline on the form', async () => {
    const confirm = vi.fn().mockResolvedValue({ error: { message: 'Your card was declined.' } });
    const stripe = fakeStripe(confirm);
    const StripeJs = vi.fn(() => stripe);
    window.Stripe = StripeJs as unknown as NonNullable<typeof window.Stripe>;
    const onSucceeded = vi.fn();
    const { user } = renderWithProviders(<StripePayment {...props} onSucceeded={onSucceeded} />);
    await user.click(await screen.findByTestId('pay-submit'));
    expect(await screen.findByTestId('payment-declined')).toHaveTextContent(
      'Your card was declined.',
    );
    expect(StripeJs).toHaveBeenCalledWith('pk_test_1');
    expect(stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ locale: 'en' }));
    expect(confirm).toHaveBeenCalledWith('pi_1_secret_x', expect.anything());
    expect(onSucceeded).not.toHaveBeenCalled();
  });
});
