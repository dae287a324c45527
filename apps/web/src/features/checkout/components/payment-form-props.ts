import type { OrderPayment } from '@atelier/contract';

/**
 * What every card form takes, whichever provider pays (docs/decisions/029-checkout-auto-submit-and-payment-form.md):
 * the checkout page hands over the order's `payment` and hears back only "accepted" or
 * "refused". A refused card is shown by the form itself, which stays ready for another try.
 */
export type PaymentFormProps = {
  payment: OrderPayment;
  /** The order's total, formatted, for the pay button. */
  amount: string;
  /** The provider accepted the card; the order turns paid once its webhook is applied. */
  onSucceeded: () => void;
  /**
   * The card was refused (the form shows the provider's message) or the attempt failed: the page
   * checks that the order still holds its seats.
   */
  onRefused?: () => void;
};
