import { argon2Bench } from './argon2.bench';
import { cableBench } from './cable.bench';
import { catalogueBench } from './catalogue.bench';
import { checkoutBench } from './checkout.bench';
import type { Bench } from './harness/report';
import { imagesBench } from './images.bench';
import { lighthouseBench } from './lighthouse.bench';
import { loginBundleBench } from './login-bundle.bench';
import { registrationDayBench } from './registration-day.bench';
import { salesBench } from './sales.bench';
import { usersMeBench } from './users-me.bench';

/**
 * Every bench `npm run bench` runs, in order. To add one: write `src/<name>.bench.ts` exporting a
 * `Bench` (see harness/report.ts; harness/ has the server, bare-route, load and bundle helpers),
 * then list it here.
 */
export const BENCHES: Bench[] = [
  usersMeBench,
  loginBundleBench,
  lighthouseBench,
  argon2Bench,
  catalogueBench,
  checkoutBench,
  registrationDayBench,
  salesBench,
  imagesBench,
  cableBench,
];
