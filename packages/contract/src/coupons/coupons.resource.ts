import { z } from 'zod';
import { defineResource } from '../common/resource';
import { COUPONS_API } from './coupons.paths';
import {
  couponAttributesSchema,
  couponDocumentSchema,
  couponFieldsSchema,
  couponFlatSchema,
  couponListDocumentSchema,
  couponListQuerySchema,
} from './coupons.schemas';

/**
 * Coupons as a staff-managed resource (docs/architecture.md#adding-a-resource). Their list shows
 * terms and uses the coupons page works out, and their form edits a window in the viewer's time
 * zone, so the page brings its own columns and form: only the code is a kit field.
 */
export const couponResource = defineResource({
  name: 'coupon',
  type: 'coupons',
  paths: { collection: COUPONS_API.coupons, member: COUPONS_API.coupon },
  fields: { code: { kind: 'text', label: 'coupons.code', required: true } },
  attributes: couponAttributesSchema,
  create: couponFieldsSchema,
  listQuery: couponListQuerySchema,
  documents: { list: couponListDocumentSchema, member: couponDocumentSchema },
  flat: { list: z.array(couponFlatSchema), member: couponFlatSchema },
});
