import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_SCRIPT_URL } from '../../lib/payment-script';
import { startPaymentScript } from './payment-script';

afterEach(() => {
  for (const s of document.head.querySelectorAll('script')) s.remove();
});

describe('startPaymentScript', () => {
  it('loads nothing when no publishable key is configured', async () => {
    const load = vi.fn();
    expect(await startPaymentScript({ stripePublishableKey: null }, load)).toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(document.head.querySelector('script')).toBeNull();
  });

  it("adds the provider's v3 script once when a key is configured", async () => {
    const started = startPaymentScript({ stripePublishableKey: 'pk_test_1' });
    await vi.waitFor(() => {
      expect(document.head.querySelectorAll(`script[src="${PAYMENT_SCRIPT_URL}"]`)).toHaveLength(1);
    });
    const script = document.head.querySelector('script');
    window.Stripe = vi.fn() as unknown as NonNullable<typeof window.Stripe>;
    script?.dispatchEvent(new Event('load'));
    expect(await started).toBe(true);
    delete window.Stripe;
  });
});
