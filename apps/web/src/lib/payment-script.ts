import type { StripeConstructor } from '@stripe/stripe-js';

/** The card payment provider's client script (docs/product.md#server-calls, third parties). */
export const PAYMENT_SCRIPT_URL = 'https://js.stripe.com/v3';

/** Why the payment script could not be used (docs/product.md#error-handling). */
export type PaymentScriptProblem = 'failed-to-load' | 'not-available';

/** The catalogue's script errors: the script failed to load, or loaded without its global. */
export class PaymentScriptError extends Error {
  override name = 'PaymentScriptError';
  constructor(readonly problem: PaymentScriptProblem) {
    super(
      problem === 'failed-to-load'
        ? 'The payment script failed to load'
        : 'The payment script is not available',
    );
  }
}

declare global {
  interface Window {
    Stripe?: StripeConstructor;
  }
}

let loading: Promise<StripeConstructor> | null = null;

/**
 * Adds the provider's script to the page once and answers its global. Start-up calls it when a
 * publishable key is configured (app/third-party/payment-script.ts) and checkout calls it again:
 * both get the same promise. A failure is forgotten, so a later call (a retry) tries anew.
 */
export function loadPaymentScript(): Promise<StripeConstructor> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise<StripeConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = PAYMENT_SCRIPT_URL;
    script.async = true;
    script.addEventListener('load', () => {
      if (window.Stripe) resolve(window.Stripe);
      else reject(new PaymentScriptError('not-available'));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new PaymentScriptError('failed-to-load'));
    });
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
