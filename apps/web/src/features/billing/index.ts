// The billing feature's public face (docs/architecture.md#repository-layout-and-layers): saved
// cards on /account_settings, monthly enrollments on /classes, the balance due on /orders and the
// admin's billing runs on /manage_billing (docs/decisions/075-monthly-tuition-and-billing-runs.md).

export { billingApi, usePaymentMethodsQuery } from './billing-api';
export { type BalanceCardForm, BalanceDue } from './components/balance-due';
export { ManageBilling } from './components/manage-billing';
export { MonthlyEnrollments } from './components/monthly-enrollments';
export { SavedCards } from './components/saved-cards';
