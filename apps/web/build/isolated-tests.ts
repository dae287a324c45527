// Web test files that replace a module or a global for their own tests, or read the live channel's
// subscriptions (module state every mounted page adds to): each runs in a fresh module graph and
// jsdom, as every web file once did, so nothing leaks between them and the other files, which
// share one graph per worker (docs/decisions/079-faster-test-suite.md). `isolated-tests.test.ts`
// fails when a file that mocks is missing here, or a file listed here is gone.
export const webIsolated = [
  'src/app/prerendered-page.test.ts',
  'src/app/route-error.test.tsx',
  'src/app/shell/page-progress.test.tsx',
  'src/app/third-party/error-reporting.test.ts',
  'src/components/admin/confirm-delete-dialog.test.tsx',
  'src/components/feedback/app-snackbar.test.tsx',
  'src/components/feedback/error-boundary.test.tsx',
  'src/components/feedback/lazy-retry.test.tsx',
  'src/components/form/use-form-errors.test.tsx',
  'src/components/form/use-form.test.tsx',
  'src/features/accounts/components/register-form.test.tsx',
  'src/features/accounts/time-zones.test.ts',
  'src/features/cart/guest-cart-db.test.ts',
  'src/features/checkout/components/checkout-page.test.tsx',
  'src/features/checkout/components/stripe-payment.test.tsx',
  'src/features/ledger/components/ledger.test.tsx',
  'src/features/notifications/notifications-live.test.ts',
  'src/features/order-management/components/order-detail-dialog.test.tsx',
  'src/features/orders/components/orders-page.test.tsx',
  'src/features/sales/components/sales-overview-page.test.tsx',
  'src/features/search/components/search-button.test.tsx',
  'src/lib/api-client.test.ts',
  'src/lib/cable-consumer.test.ts',
  'src/lib/cable.test.ts',
  'src/lib/navigation.test.ts',
];
