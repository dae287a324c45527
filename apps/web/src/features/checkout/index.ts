// The checkout feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers).
export { checkoutApi, intentIdOf } from './checkout-api';
export { saveOrderForLater, takeSavedOrder } from './checkout-storage';
export { CheckoutPage } from './components/checkout-page';
export { CheckoutComplete, CheckoutFailed } from './components/checkout-result';
export { PaymentForm } from './components/payment-form';
export type { PaymentFormProps } from './components/payment-form-props';
