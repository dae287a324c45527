import { CART_MESSAGES, MAX_CART_ITEMS } from '@atelier/contract';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { type ApiError, toApiError } from '../../lib/api-client';
import { cartApi } from './cart-api';
import { loadCart } from './cart-slice';
import {
  addGuestCartItem,
  readGuestCartItems,
  removeGuestCartItem,
  updateGuestCartItem,
} from './guest-cart-db';

// Changing the cart (docs/product.md#booking-and-the-cart): a signed-in user's server cart through the API, a
// guest's local items in the browser. Either way the cart loads again after, so the badge, the
// /cart page and the prices follow the server.

type CartThunkState = { session: { user: { id: string } | null } };
type CartThunkConfig = { state: CartThunkState; rejectValue: ApiError };

/** An attendee a guest typed (no family yet). */
export type TypedAttendee = { name: string; birthday: string };

export type AddToCartArgs = {
  scheduleId: string;
  planId: string;
  numberOfAttendees: number;
  /** A signed-in user's family members. */
  attendeeProfileIds: string[];
  /** A guest's typed attendees. */
  typedAttendees: TypedAttendee[];
  addonIds: string[];
  couponCode: string | null;
};

/** A refusal made here, shaped like the server's, so forms show it the same way. */
function localRefusal(field: string, text: string): ApiError {
  return {
    status: 422,
    code: null,
    detail: text,
    reason: null,
    fields: { [field]: text },
    message: text,
  };
}

const asGuestAttendees = (typed: TypedAttendee[]) =>
  typed.map((a) => ({ attendee_profile_id: null, name: a.name, birthday: a.birthday }));

/**
 * Add to cart: POST /api/v2/cart_items for a user (422 field messages come back as the
 * rejection), the local database for a guest. One item per class: adding a class already in the
 * cart changes that item.
 */
export const addToCart = createAsyncThunk<void, AddToCartArgs, CartThunkConfig>(
  'cart/add',
  async (args, { dispatch, getState, rejectWithValue }) => {
    try {
      if (getState().session.user) {
        await dispatch(
          cartApi.endpoints.addCartItem.initiate({
            klass_group_schedule_id: args.scheduleId,
            plan_id: args.planId,
            number_of_attendees: args.numberOfAttendees,
            attendee_profile_ids: args.attendeeProfileIds,
            addon_ids: args.addonIds,
            coupon_code: args.couponCode,
          }),
        ).unwrap();
      } else {
        const fields = {
          klass_group_schedule_id: args.scheduleId,
          plan_id: args.planId,
          number_of_attendees: args.numberOfAttendees,
          coupon_code: args.couponCode,
          attendees: asGuestAttendees(args.typedAttendees),
          cart_item_klass_group_schedule_addons: args.addonIds,
        };
        const local = await readGuestCartItems();
        const same = local.find((item) => item.klass_group_schedule_id === args.scheduleId);
        if (same) await updateGuestCartItem(same.id, fields);
        else if (local.length >= MAX_CART_ITEMS) {
          return rejectWithValue(
            localRefusal('klass_group_schedule_id', CART_MESSAGES.cartFull(MAX_CART_ITEMS)),
          );
        } else await addGuestCartItem(fields);
      }
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
    await dispatch(loadCart()).catch(() => undefined);
  },
);

/** Removes an item: DELETE /api/v2/cart_items/{id} for a user, the local row for a guest. */
export const removeFromCart = createAsyncThunk<void, string, CartThunkConfig>(
  'cart/remove',
  async (id, { dispatch, getState, rejectWithValue }) => {
    try {
      if (getState().session.user) {
        await dispatch(cartApi.endpoints.removeCartItem.initiate(id)).unwrap();
      } else {
        await removeGuestCartItem(Number(id));
      }
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
    await dispatch(loadCart()).catch(() => undefined);
  },
);

export type CartItemChangeArgs = {
  id: string;
  /** A user's family members (the number of attendees follows them when any). */
  attendeeProfileIds?: string[];
  /** A guest's typed attendees. */
  typedAttendees?: TypedAttendee[];
  numberOfAttendees?: number;
  addonIds?: string[];
  couponCode?: string | null;
};

/** /cart/{id}: changes attendees, add-ons or the coupon (PUT for a user, the local row for a guest). */
export const changeCartItem = createAsyncThunk<void, CartItemChangeArgs, CartThunkConfig>(
  'cart/change',
  async (args, { dispatch, getState, rejectWithValue }) => {
    try {
      if (getState().session.user) {
        await dispatch(
          cartApi.endpoints.updateCartItem.initiate({
            id: args.id,
            changes: {
              ...(args.attendeeProfileIds ? { attendee_profile_ids: args.attendeeProfileIds } : {}),
              ...(args.numberOfAttendees !== undefined &&
              !(args.attendeeProfileIds && args.attendeeProfileIds.length > 0)
                ? { number_of_attendees: args.numberOfAttendees }
                : {}),
              ...(args.addonIds ? { addon_ids: args.addonIds } : {}),
              ...(args.couponCode !== undefined ? { coupon_code: args.couponCode } : {}),
            },
          }),
        ).unwrap();
      } else {
        const typed = args.typedAttendees;
        await updateGuestCartItem(Number(args.id), {
          ...(typed ? { attendees: asGuestAttendees(typed) } : {}),
          ...(typed && typed.length > 0
            ? { number_of_attendees: typed.length }
            : args.numberOfAttendees !== undefined
              ? { number_of_attendees: args.numberOfAttendees }
              : {}),
          ...(args.addonIds ? { cart_item_klass_group_schedule_addons: args.addonIds } : {}),
          ...(args.couponCode !== undefined ? { coupon_code: args.couponCode } : {}),
        });
      }
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
    await dispatch(loadCart()).catch(() => undefined);
  },
);
