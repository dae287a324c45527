import { z } from 'zod';
import { personNameSchema } from '../accounts/accounts.schemas';
import { MAX_CAPACITY } from '../classes/classes.constants';
import { idSchema } from '../common/id.schemas';
import { textSchema } from '../common/text.schemas';
import { birthdaySchema } from '../family/family.schemas';
import { MAX_CART_ITEMS } from './cart.constants';
import { COUPON_CODE_MAX_LENGTH, guestCartItemParamsSchema } from './cart.schemas';

// The cart's writes beyond PUT: adding an item (POST /api/v2/cart_items) and a guest cart joining
// the signed-in user's cart at sign-in (POST /api/v2/cart_items/merge), docs/product.md#booking-and-the-cart.

const idListSchema = z
  .array(idSchema, { error: 'Invalid input' })
  .max(MAX_CAPACITY, `At most ${MAX_CAPACITY}`);

/**
 * POST /api/v2/cart_items: books a schedule with one of its plans. A cart holds one item per
 * schedule: posting a schedule already in the cart changes that item. With attendees chosen,
 * `number_of_attendees` equals their count (left out, it follows the list).
 */
const enrollmentItemFieldsSchema = z.object(
  {
    kind: z.literal('enrollment').optional(),
    klass_group_schedule_id: idSchema,
    plan_id: idSchema,
    number_of_attendees: z
      .int({
        error: (issue) => (issue.input === undefined ? 'Required' : 'Must be a whole number'),
      })
      .min(1, 'Must be at least 1')
      .max(MAX_CAPACITY, `Must be at most ${MAX_CAPACITY}`)
      .optional(),
    attendee_profile_ids: idListSchema.default([]),
    addon_ids: idListSchema.default([]),
    coupon_code: textSchema({ max: COUPON_CODE_MAX_LENGTH, trim: true })
      .nullable()
      .optional()
      .transform((code) => code || null),
  },
  { error: 'Required' },
);

export const addCartItemBodySchema = z.object({ cart_item: enrollmentItemFieldsSchema });
export type AddCartItemBody = z.input<typeof addCartItemBodySchema>;
export type NewCartItem = z.output<typeof addCartItemBodySchema>['cart_item'];

/**
 * POST /api/v2/cart_items with `kind: 'pass'`: a class pass for the family (docs/decisions/076-class-passes-and-drop-ins.md).
 * A cart holds one item per pass: posting it again answers the item there.
 */
const passItemFieldsSchema = z.object({ kind: z.literal('pass'), pass_id: idSchema });
export const addPassCartItemBodySchema = z.object({ cart_item: passItemFieldsSchema });
export type AddPassCartItemBody = z.input<typeof addPassCartItemBodySchema>;
export type NewPassCartItem = z.output<typeof addPassCartItemBodySchema>['cart_item'];

/** POST /api/v2/cart_items: an item of any kind; without `kind`, an enrollment. */
export const addAnyCartItemBodySchema = z.object({
  cart_item: z.discriminatedUnion('kind', [passItemFieldsSchema, enrollmentItemFieldsSchema], {
    error: 'Required',
  }),
});
export type AddAnyCartItemBody = z.input<typeof addAnyCartItemBodySchema>;

/** An attendee a guest typed (no account yet): a name and a birthday. */
export const guestAttendeeSchema = z.object({
  name: personNameSchema,
  birthday: birthdaySchema,
});
export type GuestAttendee = z.infer<typeof guestAttendeeSchema>;

/** One local guest item joining a cart: the pricing call's fields and the typed attendees. */
export const mergeCartItemParamsSchema = guestCartItemParamsSchema.extend({
  attendees: z.array(guestAttendeeSchema).max(MAX_CAPACITY).default([]),
});
export type MergeCartItemParams = z.input<typeof mergeCartItemParamsSchema>;

/**
 * POST /api/v2/cart_items/merge: the guest's local items join the user's cart, each as a POST of
 * its schedule would (one item per schedule; the same schedule again changes the item). Typed
 * attendees become family members (one with the same name and birthday is reused). Items that
 * can no longer be bought still join, flagged unavailable; unknown schedules are skipped. The
 * answer is the whole cart.
 */
export const mergeCartBodySchema = z.object({
  cart_item_params: z
    .array(mergeCartItemParamsSchema)
    .max(MAX_CART_ITEMS, `At most ${MAX_CART_ITEMS} items`),
});
export type MergeCartBody = z.input<typeof mergeCartBodySchema>;
export type MergeCartItem = z.output<typeof mergeCartItemParamsSchema>;
