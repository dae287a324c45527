import type { ClientConfig } from '../../lib/client-config';

type PaymentScriptModule = { loadPaymentScript: () => Promise<unknown> };

/**
 * Starts loading the card payment provider's script at start-up (docs/product.md#server-calls,
 * third parties), only when a publishable key is configured: otherwise (the fake provider)
 * nothing is downloaded and no request goes to the provider. A failure is left to checkout, which
 * asks for the script again and says what went wrong. Returns whether it started.
 */
export async function startPaymentScript(
  config: Pick<ClientConfig, 'stripePublishableKey'>,
  load: () => Promise<PaymentScriptModule> = () => import('../../lib/payment-script'),
): Promise<boolean> {
  if (!config.stripePublishableKey) return false;
  const { loadPaymentScript } = await load();
  await loadPaymentScript().catch(() => undefined);
  return true;
}
