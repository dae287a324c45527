// The billing module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys (docs/architecture.md#repository-layout-and-layers). It sits
// below orders, which starts monthly enrollments in the transaction that pays an order
// (docs/decisions/075-monthly-tuition-and-billing-runs.md).

export type { BillingContext } from './billing.context';
export {
  type BillingPluginOptions,
  billingContextOf,
  billingPlugin,
} from './billing.routes';
export {
  AUTOPAY_RETRY_OFFSETS_DAYS,
  laterPeriod,
  monthCharge,
  periodBounds,
  periodOf,
  proratedAmount,
} from './billing-periods';
export {
  attemptAutopay,
  runBilling,
  scheduledBillingTick,
  sweepAutopayRetries,
} from './billing-runs.service';
export {
  defaultCardOf,
  eraseBillingOf,
  type MonthlyEnrollmentStart,
  startMonthlyEnrollments,
} from './monthly-enrollments.service';
