import {
  type CartItem,
  DATE_PICKER_MIN,
  type GuestCartItemParams,
  type MergeCartItemParams,
  NAME_MAX_LENGTH,
} from '@atelier/contract';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { queryData } from '../../lib/api';
import { handleError } from '../../lib/api-client';
import type { AppDispatch } from '../../lib/store-hooks';
import { cartApi } from './cart-api';
import {
  type GuestCartItem,
  readGuestCartItems,
  removeGuestCartItem,
  removeGuestCartItems,
} from './guest-cart-db';

export type CartStatus = 'idle' | 'loaded';
export type CartState = { items: CartItem[]; status: CartStatus; loading: boolean };

/** docs/product.md#client-state: the cart starts out loading, and not loaded. */
export const initialCartState: CartState = { items: [], status: 'idle', loading: true };

/** The pricing call's parameters for local guest items (docs/product.md#server-calls). */
export function guestPricingParams(items: GuestCartItem[]): GuestCartItemParams[] {
  return items.map((item) => ({
    klass_group_schedule_id: item.klass_group_schedule_id,
    ...(item.plan_id ? { plan_id: item.plan_id } : {}),
    number_of_attendees: item.number_of_attendees,
    coupon_code: item.coupon_code,
    addon_ids: item.cart_item_klass_group_schedule_addons,
  }));
}

/**
 * The merge call's parameters (decision 028): the pricing call's, with the attendees the guest
 * typed. An item whose attendees are not all named with an acceptable birthday sends none (the
 * server would refuse the whole merge), keeping its number of attendees.
 */
export function mergeParams(
  items: GuestCartItem[],
  today: string = new Date().toISOString().slice(0, 10),
): MergeCartItemParams[] {
  // The contract's rules for a typed attendee, without loading zod at start-up: a name, and a
  // real date in the date picker's range, not after today (UTC; the server allows up to UTC+14).
  const acceptable = (a: GuestCartItem['attendees'][number]) => {
    const name = a.name?.trim() ?? '';
    const birthday = a.birthday ?? '';
    return (
      name.length > 0 &&
      name.length <= NAME_MAX_LENGTH &&
      /^\d{4}-\d{2}-\d{2}$/.test(birthday) &&
      !Number.isNaN(Date.parse(birthday)) &&
      birthday >= DATE_PICKER_MIN &&
      birthday <= today
    );
  };
  return guestPricingParams(items).map((params, index) => {
    const typed = items[index]?.attendees ?? [];
    const complete = typed.every(acceptable);
    return {
      ...params,
      attendees: complete
        ? typed.map((a) => ({ name: a.name?.trim() ?? '', birthday: a.birthday ?? '' }))
        : [],
    };
  });
}

/**
 * Prices local guest items through the server. The answer is matched to each local item by
 * klass_group_schedule.id (docs/product.md#server-calls) and takes the local id, so a later `guestItemPriced` for that
 * local item replaces it. A local item the server did not price is left out.
 */
export async function priceGuestCartItems(
  dispatch: AppDispatch,
  items: GuestCartItem[],
): Promise<CartItem[]> {
  if (items.length === 0) return [];
  const priced = await queryData(
    dispatch(
      cartApi.endpoints.guestCartItemsPriced.initiate(guestPricingParams(items), {
        subscribe: false,
        forceRefetch: true,
      }),
    ),
  );
  const unused = [...priced];
  const out: CartItem[] = [];
  for (const local of items) {
    const index = unused.findIndex(
      (p) => p.klass_group_schedule.id === local.klass_group_schedule_id,
    );
    // Decision 028: the server leaves out a class that no longer exists; nothing of it can be
    // shown or bought, so the local item goes.
    if (index === -1) {
      await removeGuestCartItem(local.id);
      continue;
    }
    const [match] = unused.splice(index, 1);
    // The server knows nothing of a guest's typed attendees: they are shown from the local item.
    if (match) {
      out.push({
        ...match,
        id: String(local.id),
        coupon_code: local.coupon_code,
        cart_item_attendee_profiles: local.attendees.map((a, index) => ({
          id: `${local.id}-${index}`,
          attendee_profile: {
            id: a.attendee_profile_id ?? '',
            name: a.name,
            birthday: a.birthday,
          },
        })),
      });
    }
  }
  return out;
}

type CartThunkState = { session: { user: { id: string } | null } };

/**
 * Decision 028: the guest's local items join the signed-in user's server cart; the local rows
 * are deleted only once the server confirmed. Answers the whole server cart, or null when there
 * was nothing to merge. A failure is reported and rethrown, and the local rows stay for the next
 * sign-in (or load) to try again.
 */
export async function mergeGuestCartItems(dispatch: AppDispatch): Promise<CartItem[] | null> {
  const local = await readGuestCartItems();
  if (local.length === 0) return null;
  const merged = await dispatch(cartApi.endpoints.mergeCart.initiate(mergeParams(local))).unwrap();
  await removeGuestCartItems(local.map((item) => item.id));
  return merged;
}

/**
 * docs/product.md#client-state cart load: a signed-in user's server cart, or a guest's local items priced by the
 * server. A failure empties the cart, goes to the common error handler and rejects the thunk
 * (`unwrap()` rethrows it). The server cart endpoints may be absent (404): that is a failed load.
 */
export const loadCart = createAsyncThunk<CartItem[], void, { state: CartThunkState }>(
  'cart/load',
  async (_, { dispatch, getState }) => {
    try {
      if (getState().session.user) {
        // At sign-in, registration or a mailed-link sign-in the session becomes loaded with a
        // user and the cart loads: a guest cart left in this browser joins the server cart here.
        try {
          const merged = await mergeGuestCartItems(dispatch);
          if (merged) return merged;
        } catch (error) {
          handleError(error);
        }
        return await queryData(
          dispatch(
            cartApi.endpoints.cartItems.initiate(undefined, {
              subscribe: false,
              forceRefetch: true,
            }),
          ),
        );
      }
      return await priceGuestCartItems(dispatch, await readGuestCartItems());
    } catch (error) {
      handleError(error);
      throw error;
    }
  },
);

const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /** Clear empties the cart and marks it loaded (docs/product.md#client-state). */
    cartCleared(state) {
      state.items = [];
      state.status = 'loaded';
      state.loading = false;
    },
    /** Reset empties it and marks it not loaded (docs/product.md#client-state), so the next session load refetches. */
    cartReset(state) {
      state.items = [];
      state.status = 'idle';
      state.loading = true;
    },
    /** docs/product.md#client-state: pricing one guest item replaces the entry with the same id (or adds it). */
    guestItemPriced(state, action: PayloadAction<CartItem>) {
      const index = state.items.findIndex((item) => item.id === action.payload.id);
      if (index === -1) state.items.push(action.payload);
      else state.items[index] = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadCart.pending, (state) => {
        state.loading = true;
      })
      .addCase(loadCart.fulfilled, (state, action) => {
        state.items = action.payload;
        state.status = 'loaded';
        state.loading = false;
      })
      .addCase(loadCart.rejected, (state) => {
        state.items = [];
        state.status = 'loaded';
        state.loading = false;
      });
  },
  selectors: {
    selectCartItems: (state) => state.items,
    selectCartCount: (state) => state.items.length,
    selectCartStatus: (state) => state.status,
    selectCartLoading: (state) => state.loading,
  },
});

export const { cartCleared, cartReset, guestItemPriced } = cartSlice.actions;
export const { selectCartItems, selectCartCount, selectCartStatus, selectCartLoading } =
  cartSlice.selectors;
export const cartReducer = cartSlice.reducer;
