import { z } from 'zod';
import { MAX_CAPACITY } from '../classes/classes.constants';
import { idTextSchema } from '../common/id.schemas';
import { textSchema } from '../common/text.schemas';
import { CART_MESSAGES, MAX_CART_ITEMS } from './cart.constants';
import { CART_UNAVAILABLE_REASONS } from './cart-documents.schemas';

/** A coupon as a cart item carries it (docs/product.md#data-the-client-sees). `discount_amount` is cents or percent. */
export const cartCouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  discount_type: z.string(),
  discount_amount: z.number(),
});
export type CartCoupon = z.infer<typeof cartCouponSchema>;

/** An attendee booked by a cart item (docs/product.md#data-the-client-sees "Cart attendee link"). */
export const cartItemAttendeeProfileSchema = z.object({
  id: z.string(),
  attendee_profile: z.object({
    id: z.string(),
    name: z.string().nullable(),
    birthday: z.string().nullable(),
  }),
});
export type CartItemAttendeeProfile = z.infer<typeof cartItemAttendeeProfileSchema>;

/** An add-on chosen for a cart item (docs/product.md#data-the-client-sees "Addon link"). */
export const cartItemAddonSchema = z.object({
  klass_group_schedule_addon: z.object({
    id: z.string(),
    name: z.string().optional(),
    price: z.number().optional(),
  }),
});
export type CartItemAddon = z.infer<typeof cartItemAddonSchema>;

/** The schedule a cart item books, with its programme and plan (docs/product.md#data-the-client-sees). Prices in cents. */
export const cartKlassGroupScheduleSchema = z.object({
  id: z.string(),
  // What the cart page shows of the schedule; optional so an older answer still parses.
  name: z.string().optional(),
  time_zone: z.string().optional(),
  start_date: z.string().optional(),
  end_date: z.string().optional(),
  klass_group: z.object({
    id: z.string(),
    name: z.string(),
    slug: z.string().optional(),
    image_url: z.string().nullable(),
    min_age: z.number().nullable(),
    max_age: z.number().nullable(),
  }),
  klass_group_schedule_plan: z.object({
    plan: z.object({
      id: z.string().optional(),
      name: z.string().optional(),
      base_price: z.number(),
      unit_price: z.number(),
      unit_type: z.string(),
    }),
  }),
});
export type CartKlassGroupSchedule = z.infer<typeof cartKlassGroupScheduleSchema>;

/**
 * A schedule booked, as the web holds it after `flatten` (docs/product.md#data-the-client-sees). Server cart responses that do not
 * match fail to parse (docs/product.md#validation). `total_price` is in cents, priced by the server.
 */
export const cartItemSchema = z.object({
  id: z.string(),
  /** Left out by answers older than item kinds (docs/decisions/076-class-passes-and-drop-ins.md). */
  kind: z.literal('enrollment').optional(),
  number_of_attendees: z.number(),
  total_price: z.number(),
  subtotal_price: z.number().optional(),
  units: z.number().optional(),
  coupon_code: z.string().nullable().optional(),
  /** False for an item that cannot be bought now: shown flagged, removable (decision 028). */
  available: z.boolean(),
  unavailable_reason: z.enum(CART_UNAVAILABLE_REASONS).nullable(),
  coupon: cartCouponSchema.nullable(),
  cart_item_attendee_profiles: z.array(cartItemAttendeeProfileSchema),
  cart_item_klass_group_schedule_addons: z.array(cartItemAddonSchema),
  klass_group_schedule: cartKlassGroupScheduleSchema,
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** A class pass in the cart (signed-in carts only): one pass for the family, priced at its price. */
export const cartPassItemSchema = z.object({
  id: z.string(),
  kind: z.literal('pass'),
  number_of_attendees: z.number(),
  total_price: z.number(),
  subtotal_price: z.number().optional(),
  units: z.number().optional(),
  coupon_code: z.string().nullable().optional(),
  available: z.boolean(),
  unavailable_reason: z.enum(CART_UNAVAILABLE_REASONS).nullable(),
  coupon: cartCouponSchema.nullable(),
  pass: z.object({
    id: z.string(),
    name: z.string(),
    visits: z.number(),
    validity_days: z.number(),
    price: z.number(),
  }),
});
export type CartPassItem = z.infer<typeof cartPassItemSchema>;

/** A child's paid trial class in the cart (docs/decisions/077-trial-classes.md): booked once paid. */
export const cartTrialItemSchema = z.object({
  id: z.string(),
  kind: z.literal('trial'),
  number_of_attendees: z.number(),
  total_price: z.number(),
  subtotal_price: z.number().optional(),
  units: z.number().optional(),
  coupon_code: z.string().nullable().optional(),
  available: z.boolean(),
  unavailable_reason: z.enum(CART_UNAVAILABLE_REASONS).nullable(),
  coupon: cartCouponSchema.nullable(),
  trial_class: z.object({
    id: z.string(),
    klass_id: z.string(),
    programme: z.string(),
    schedule_name: z.string(),
    starts_at: z.string(),
    time_zone: z.string(),
    attendee_profile_id: z.string(),
    child_name: z.string(),
    price: z.number(),
  }),
});
export type CartTrialItem = z.infer<typeof cartTrialItemSchema>;

/** Any cart item: a schedule booked, a class pass or a paid trial (docs/decisions/076-class-passes-and-drop-ins.md). */
export const anyCartItemSchema = z.union([cartPassItemSchema, cartTrialItemSchema, cartItemSchema]);
export type AnyCartItem = z.infer<typeof anyCartItemSchema>;

/** The longest coupon code a request may carry. */
export const COUPON_CODE_MAX_LENGTH = 100;

/**
 * One guest item to price (docs/product.md#server-calls pricing call). `plan_id` picks one of the schedule's plans;
 * without it the schedule's first offered plan prices the item (a guest's local item records no
 * plan, docs/product.md#data-the-client-sees). `number_of_attendees` is bounded by the largest capacity a schedule may have.
 */
export const guestCartItemParamsSchema = z.object({
  klass_group_schedule_id: idTextSchema(CART_MESSAGES.scheduleUnavailable),
  plan_id: idTextSchema(CART_MESSAGES.planNotOffered).optional(),
  number_of_attendees: z.number().int().min(1).max(MAX_CAPACITY),
  coupon_code: textSchema({ max: COUPON_CODE_MAX_LENGTH, trim: false }).nullable(),
  addon_ids: z.array(idTextSchema(CART_MESSAGES.addonNotOffered)),
});
export type GuestCartItemParams = z.infer<typeof guestCartItemParamsSchema>;

/**
 * Query of the guest pricing call `GET /api/v1/guests/cart_items`: `cart_item_params` is the
 * JSON text of a list of GuestCartItemParams (a query string has no standard nesting for lists
 * of objects, and a GET keeps pricing cacheable and side-effect free). The answer is a list of
 * cart items (ids are the server's; the client matches them by klass_group_schedule.id).
 */
export const guestCartPricingQuerySchema = z.object({
  cart_item_params: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Invalid input' });
        return z.NEVER;
      }
    })
    .pipe(
      z.array(guestCartItemParamsSchema).max(MAX_CART_ITEMS, `At most ${MAX_CART_ITEMS} items`),
    ),
});
export type GuestCartPricingQuery = z.infer<typeof guestCartPricingQuerySchema>;
