import { z } from 'zod';
import { MAX_CAPACITY } from '../classes/classes.constants';
import { publicPlanResourceSchema } from '../classes/plans.schemas';
import { idSchema } from '../common/id.schemas';
import {
  plainResourceObjectSchema,
  resourceObjectSchema,
  toManySchema,
  toOneOrNullSchema,
  toOneSchema,
} from '../common/json-api';
import { textSchema } from '../common/text.schemas';
import { CART_ITEM_KINDS } from './cart.constants';

// The server's cart documents (GET/PUT /api/v2/cart_items, the guest pricing call). After
// `flatten` each item parses with `cartItemSchema` (docs/product.md#data-the-client-sees); the typed resources below are what
// the server checks its answers against and what OpenAPI shows.

/**
 * Why a cart item cannot be bought now (docs/product.md#booking-and-the-cart): its programme is no longer
 * published, its run is over, fewer seats are left than it books, or its plan or an add-on is no
 * longer offered. Such an item stays in the cart, flagged, until removed (decision 028).
 */
export const CART_UNAVAILABLE_REASONS = ['unpublished', 'over', 'sold_out', 'not_offered'] as const;
export type CartUnavailableReason = (typeof CART_UNAVAILABLE_REASONS)[number];

/** How a coupon discounts: `percent` of the item's price, or a `fixed` amount of cents. */
export const COUPON_DISCOUNT_TYPES = ['percent', 'fixed'] as const;
export type CouponDiscountType = (typeof COUPON_DISCOUNT_TYPES)[number];

/**
 * A cart item. `total_price` = `subtotal_price` − the coupon's discount, never below 0;
 * `subtotal_price` = (plan price + add-ons) × number_of_attendees; the plan price is
 * `base_price + unit_price × units`, `units` counted when the item was priced. All in cents.
 */
export const cartItemAttributesSchema = z.object({
  /** What the item is: a schedule booked (`klass_group_schedule`) or a class pass bought (`pass`). */
  kind: z.enum(CART_ITEM_KINDS),
  number_of_attendees: z.number().int(),
  total_price: z.number().int(),
  subtotal_price: z.number().int(),
  units: z.number().int(),
  /** Whether the item can be bought now; when not, `unavailable_reason` says why (decision 028). */
  available: z.boolean(),
  unavailable_reason: z.enum(CART_UNAVAILABLE_REASONS).nullable(),
  /** The code as typed, whether or not it names a coupon that applies (`coupon` is that one). */
  coupon_code: z.string().nullable(),
});
export type CartItemAttributes = z.infer<typeof cartItemAttributesSchema>;

export const cartItemResourceSchema = resourceObjectSchema('cart_items', cartItemAttributesSchema, {
  coupon: toOneOrNullSchema,
  cart_item_attendee_profiles: toManySchema,
  cart_item_klass_group_schedule_addons: toManySchema,
  /** An enrollment's schedule; null for a pass. */
  klass_group_schedule: toOneOrNullSchema,
  /** A pass item's pass; null for an enrollment. */
  pass: toOneOrNullSchema,
  /** A trial item's class tried (docs/decisions/077-trial-classes.md); null for other kinds. */
  trial_class: toOneOrNullSchema.optional(),
});
export type CartItemResource = z.infer<typeof cartItemResourceSchema>;

/** An attendee booked by a cart item (the join). */
export const cartItemAttendeeProfileResourceSchema = resourceObjectSchema(
  'cart_item_attendee_profiles',
  z.object({}),
  { attendee_profile: toOneSchema },
);
export type CartItemAttendeeProfileResource = z.infer<typeof cartItemAttendeeProfileResourceSchema>;

/** What a cart shows of an attendee profile. */
export const cartAttendeeProfileResourceSchema = plainResourceObjectSchema(
  'attendee_profiles',
  z.object({ name: z.string().nullable(), birthday: z.string().nullable() }),
);
export type CartAttendeeProfileResource = z.infer<typeof cartAttendeeProfileResourceSchema>;

/** An add-on chosen for a cart item (the join). */
export const cartItemAddonResourceSchema = resourceObjectSchema(
  'cart_item_klass_group_schedule_addons',
  z.object({}),
  { klass_group_schedule_addon: toOneSchema },
);
export type CartItemAddonResource = z.infer<typeof cartItemAddonResourceSchema>;

/** What a cart shows of an add-on: its name and price per attendee (cents). */
export const cartAddonResourceSchema = plainResourceObjectSchema(
  'klass_group_schedule_addons',
  z.object({ name: z.string(), price: z.number().int() }),
);
export type CartAddonResource = z.infer<typeof cartAddonResourceSchema>;

/**
 * The schedule a cart item books. `klass_group_schedule_plan` is the plan the item is priced
 * with (one of the plans the schedule offers).
 */
export const cartScheduleResourceSchema = resourceObjectSchema(
  'klass_group_schedules',
  z.object({
    name: z.string(),
    time_zone: z.string(),
    start_date: z.string(),
    end_date: z.string(),
  }),
  { klass_group: toOneSchema, klass_group_schedule_plan: toOneSchema },
);
export type CartScheduleResource = z.infer<typeof cartScheduleResourceSchema>;

/** What a cart shows of a programme. */
export const cartKlassGroupResourceSchema = plainResourceObjectSchema(
  'klass_groups',
  z.object({
    name: z.string(),
    slug: z.string(),
    image_url: z.string().nullable(),
    thumb_url: z.string().nullable(),
    min_age: z.number().int().nullable(),
    max_age: z.number().int().nullable(),
  }),
);
export type CartKlassGroupResource = z.infer<typeof cartKlassGroupResourceSchema>;

/** The plan link (schedule × plan) a cart item is priced with. */
export const cartSchedulePlanResourceSchema = resourceObjectSchema(
  'klass_group_schedule_plans',
  z.object({}),
  { plan: toOneSchema },
);
export type CartSchedulePlanResource = z.infer<typeof cartSchedulePlanResourceSchema>;

/** A coupon applied to a cart item; `discount_amount` is a percent or cents (docs/product.md#data-the-client-sees). */
export const cartCouponResourceSchema = plainResourceObjectSchema(
  'coupons',
  z.object({
    code: z.string(),
    discount_type: z.enum(COUPON_DISCOUNT_TYPES),
    discount_amount: z.number(),
  }),
);
export type CartCouponResource = z.infer<typeof cartCouponResourceSchema>;

/** What a cart shows of a class pass: its name, visits, validity (days from purchase) and price (cents). */
export const cartPassResourceSchema = plainResourceObjectSchema(
  'passes',
  z.object({
    name: z.string(),
    visits: z.number().int(),
    validity_days: z.number().int(),
    price: z.number().int(),
  }),
);
export type CartPassResource = z.infer<typeof cartPassResourceSchema>;

/** What a cart shows of a paid trial: the class tried, its programme, the child and the price (cents). */
export const cartTrialClassResourceSchema = plainResourceObjectSchema(
  'trial_classes',
  z.object({
    klass_id: z.string(),
    programme: z.string(),
    schedule_name: z.string(),
    starts_at: z.string(),
    time_zone: z.string(),
    attendee_profile_id: z.string(),
    child_name: z.string(),
    price: z.number().int(),
  }),
);
export type CartTrialClassResource = z.infer<typeof cartTrialClassResourceSchema>;

export const cartIncludedResourceSchema = z.discriminatedUnion('type', [
  cartPassResourceSchema,
  cartTrialClassResourceSchema,
  cartItemAttendeeProfileResourceSchema,
  cartAttendeeProfileResourceSchema,
  cartItemAddonResourceSchema,
  cartAddonResourceSchema,
  cartScheduleResourceSchema,
  cartKlassGroupResourceSchema,
  cartSchedulePlanResourceSchema,
  publicPlanResourceSchema,
  cartCouponResourceSchema,
]);
export type CartIncludedResource = z.infer<typeof cartIncludedResourceSchema>;

/** GET /api/v2/cart_items and the guest pricing call: every item of the cart, oldest first. */
export const cartItemListDocumentSchema = z.object({
  data: z.array(cartItemResourceSchema),
  included: z.array(cartIncludedResourceSchema).optional(),
  meta: z.object({ total: z.number().int() }),
});
export type CartItemListDocument = z.infer<typeof cartItemListDocumentSchema>;

/** PUT /api/v2/cart_items/{id}: the item as it is now, priced. */
export const cartItemDocumentSchema = z.object({
  data: cartItemResourceSchema,
  included: z.array(cartIncludedResourceSchema).optional(),
});
export type CartItemDocument = z.infer<typeof cartItemDocumentSchema>;

export const cartItemIdParamsSchema = z.object({ id: idSchema });

const idListSchema = z
  .array(idSchema, { error: 'Invalid input' })
  .max(MAX_CAPACITY, `At most ${MAX_CAPACITY}`);

/**
 * PUT /api/v2/cart_items/{id} (docs/product.md#server-calls): any subset (the coupon code too). `attendee_profile_ids` and `addon_ids`
 * replace the item's lists (an empty list clears it). When attendees are chosen,
 * `number_of_attendees` equals their count (it may be left out and follows the list).
 */
export const updateCartItemBodySchema = z.object({
  cart_item: z
    .object({
      number_of_attendees: z
        .int({
          error: (issue) => (issue.input === undefined ? 'Required' : 'Must be a whole number'),
        })
        .min(1, 'Must be at least 1')
        .max(MAX_CAPACITY, `Must be at most ${MAX_CAPACITY}`),
      attendee_profile_ids: idListSchema,
      addon_ids: idListSchema,
      /** As typed; blank or null removes the code. */
      // 100: COUPON_CODE_MAX_LENGTH, which cart.schemas.ts (importing this file) defines.
      coupon_code: textSchema({ max: 100, trim: true })
        .nullable()
        .transform((code) => code || null),
    })
    .partial(),
});
export type UpdateCartItemBody = z.input<typeof updateCartItemBodySchema>;
/** The changes of an update as the server reads them (ids parsed to numbers). */
export type CartItemChanges = z.output<typeof updateCartItemBodySchema>['cart_item'];
