// The staff's coupons with the names of their user group and programme, a read model over the
// coupons, user-groups and classes tables: app.ts hands these reads to the coupons module's
// context (docs/architecture.md#read-models).
import type { CouponsReads } from '../../modules/coupons';
import { couponById, couponPage } from './coupons.queries';

/** The coupons module's reads, as its context takes them. */
export const couponsReads: CouponsReads = { couponPage, couponById };
