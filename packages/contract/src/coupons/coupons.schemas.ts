import { z } from 'zod';
import { COUPON_CODE_MAX_LENGTH } from '../cart/cart.schemas';
import { COUPON_DISCOUNT_TYPES } from '../cart/cart-documents.schemas';
import { MAX_PRICE_CENTS } from '../classes/classes.constants';
import { instantSchema } from '../classes/fields';
import { idSchema } from '../common/id.schemas';
import {
  plainResourceObjectSchema,
  resourceObjectSchema,
  toOneOrNullSchema,
} from '../common/json-api';
import { pageMetaSchema, pageQuerySchema } from '../common/page.schemas';
import { textSchema } from '../common/text.schemas';
import { COUPON_MAX_REDEMPTIONS, COUPON_MESSAGES } from './coupons.constants';

// Coupons (docs/product.md#coupons-and-user-groups, decision 025): a code that takes a percent or
// a fixed amount off a cart item, within a window, up to limits, optionally only for a user
// group's members and/or one programme's schedules. `discount_type`/`discount_amount` are named
// as the cart's coupon shows them (cartCouponSchema).

const CODE = /^[\p{L}\p{N}_-]+$/u;

const nullableInstant = instantSchema.nullable().default(null);
const limitSchema = z
  .int({ error: (issue) => (issue.input === undefined ? 'Required' : 'Must be a whole number') })
  .min(1, COUPON_MESSAGES.amountTooLow)
  .max(COUPON_MAX_REDEMPTIONS, `Must be at most ${COUPON_MAX_REDEMPTIONS}`)
  .nullable()
  .default(null);

/**
 * A coupon as staff write it (POST, and PUT, which replaces every field: a field left out is
 * null). `discount_amount` is cents for `fixed` and whole percent 1–100 for `percent`; instants
 * carry their UTC offset; a null end or limit is unbounded.
 */
export const couponFieldsSchema = z
  .object({
    code: textSchema({ min: 1, max: COUPON_CODE_MAX_LENGTH }).regex(
      CODE,
      COUPON_MESSAGES.codeCharacters,
    ),
    discount_type: z.enum(COUPON_DISCOUNT_TYPES, { error: 'Choose percent or fixed' }),
    discount_amount: z
      .int({
        error: (issue) => (issue.input === undefined ? 'Required' : 'Must be a whole number'),
      })
      .min(1, COUPON_MESSAGES.amountTooLow)
      .max(MAX_PRICE_CENTS, `Must be at most ${MAX_PRICE_CENTS}`),
    valid_from: nullableInstant,
    valid_until: nullableInstant,
    max_redemptions: limitSchema,
    max_redemptions_per_user: limitSchema,
    user_group_id: idSchema.nullable().default(null),
    klass_group_id: idSchema.nullable().default(null),
  })
  .superRefine((c, ctx) => {
    if (c.discount_type === 'percent' && c.discount_amount > 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['discount_amount'],
        message: COUPON_MESSAGES.percentTooHigh,
      });
    }
    if (c.valid_from && c.valid_until && Date.parse(c.valid_until) <= Date.parse(c.valid_from)) {
      ctx.addIssue({ code: 'custom', path: ['valid_until'], message: COUPON_MESSAGES.windowOrder });
    }
  });
export type CouponFields = z.input<typeof couponFieldsSchema>;
export type ParsedCouponFields = z.output<typeof couponFieldsSchema>;

/** POST /api/v2/coupons and PUT /api/v2/coupons/{id}. */
export const couponBodySchema = z.object({ coupon: couponFieldsSchema });
export type CouponBody = z.input<typeof couponBodySchema>;

/** GET /api/v2/coupons query: a page, optionally only codes containing `search`. */
export const couponListQuerySchema = pageQuerySchema.extend({
  search: textSchema({ max: COUPON_CODE_MAX_LENGTH }).optional(),
});
export type CouponListQuery = z.input<typeof couponListQuerySchema>;

export const couponAttributesSchema = z.object({
  code: z.string(),
  discount_type: z.enum(COUPON_DISCOUNT_TYPES),
  discount_amount: z.number().int(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  max_redemptions: z.number().int().nullable(),
  max_redemptions_per_user: z.number().int().nullable(),
  /** Uses of paid orders. */
  redeemed_count: z.number().int(),
  /** Uses held by pending orders not yet expired: they count against the limits too. */
  held_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CouponAttributes = z.infer<typeof couponAttributesSchema>;

export const couponResourceSchema = resourceObjectSchema('coupons', couponAttributesSchema, {
  user_group: toOneOrNullSchema,
  klass_group: toOneOrNullSchema,
});
export type CouponResource = z.infer<typeof couponResourceSchema>;

/** What a coupon document shows of the group and the programme it is kept for. */
export const couponUserGroupResourceSchema = plainResourceObjectSchema(
  'user_groups',
  z.object({ name: z.string() }),
);
export const couponKlassGroupResourceSchema = plainResourceObjectSchema(
  'klass_groups',
  z.object({ name: z.string() }),
);
const couponIncludedSchema = z.union([
  couponUserGroupResourceSchema,
  couponKlassGroupResourceSchema,
]);
export type CouponIncludedResource = z.infer<typeof couponIncludedSchema>;

export const couponDocumentSchema = z.object({
  data: couponResourceSchema,
  included: z.array(couponIncludedSchema).optional(),
});
export type CouponDocument = z.infer<typeof couponDocumentSchema>;

export const couponListDocumentSchema = z.object({
  data: z.array(couponResourceSchema),
  included: z.array(couponIncludedSchema).optional(),
  meta: pageMetaSchema,
});
export type CouponListDocument = z.infer<typeof couponListDocumentSchema>;

/** A coupon as the web holds it after `flatten`. */
export const couponFlatSchema = couponAttributesSchema.extend({
  id: z.string(),
  type: z.literal('coupons'),
  user_group: z
    .object({ id: z.string(), type: z.literal('user_groups'), name: z.string() })
    .nullable(),
  klass_group: z
    .object({ id: z.string(), type: z.literal('klass_groups'), name: z.string() })
    .nullable(),
});
export type FlatCoupon = z.infer<typeof couponFlatSchema>;
