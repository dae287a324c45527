import {
  type AnyCartItem,
  API,
  CART_API,
  CART_MESSAGES,
  type CartItem,
  type GuestCartItemParams,
  MAX_CART_ITEMS,
  PASS_MESSAGES,
} from '@atelier/contract';
import { api, reportLoadFailure } from '../../lib/api';
import { type ApiError, handleError, toApiError } from '../../lib/api-client';
import { loadContractParsers } from '../../lib/load-contract-parsers';
import { type CartOwner, GUEST_CART } from './cart-owner';
import {
  addGuestCartItem,
  readGuestCartItems,
  removeGuestCartItem,
  removeGuestCartItems,
  updateGuestCartItem,
} from './guest-cart-db';
import { guestPricingParams, matchPricedItems, mergeParams } from './guest-cart-pricing';

async function parseCartItems(body: unknown): Promise<CartItem[]> {
  return (await loadContractParsers()).parseCartItemList(body);
}

async function parseCartItem(body: unknown): Promise<CartItem> {
  return (await loadContractParsers()).parseCartItemDocument(body);
}

async function parseAnyCartItems(body: unknown): Promise<AnyCartItem[]> {
  return (await loadContractParsers()).parseAnyCartItemList(body);
}

async function parseAnyCartItem(body: unknown): Promise<AnyCartItem> {
  return (await loadContractParsers()).parseAnyCartItemDocument(body);
}

/** An attendee a guest typed (no family yet). */
export type TypedAttendee = { name: string; birthday: string };

export type AddToCartArgs = {
  /** Whose cart: the signed-in user's id, or GUEST_CART (cart-owner.ts). */
  owner: CartOwner;
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

export type CartItemChangeArgs = {
  owner: CartOwner;
  id: string;
  /** A user's family members (the number of attendees follows them when any). */
  attendeeProfileIds?: string[];
  /** A guest's typed attendees. */
  typedAttendees?: TypedAttendee[];
  numberOfAttendees?: number;
  addonIds?: string[];
  couponCode?: string | null;
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

/** One item put in the list in place of the item with its id, or added at the end. */
export function withCartItem<T extends AnyCartItem>(items: T[], item: T): T[] {
  const index = items.findIndex((candidate) => candidate.id === item.id);
  if (index === -1) return [...items, item];
  return items.map((candidate, at) => (at === index ? item : candidate));
}

/** The item a user's change answered (none for a guest's, or on failure: the caller hears it). */
async function answered(done: Promise<{ data: AnyCartItem | null }>): Promise<AnyCartItem | null> {
  try {
    return (await done).data;
  } catch {
    return null;
  }
}

type ServerAnswer = { data?: unknown; error?: ApiError };

/**
 * Where a change of the cart happens: on the server for a signed-in user (its answer, when it
 * carries one, is parsed with `parse`), in the browser's database for a guest. Failures of either
 * come back as the mutation's error, so forms read a local refusal like the server's.
 */
async function changeByOwner<Answer>(
  owner: CartOwner,
  server: () => PromiseLike<ServerAnswer> | ServerAnswer,
  parse: (body: unknown) => Promise<Answer>,
  guest: () => Promise<ApiError | null>,
): Promise<{ data: Answer | null; error?: undefined } | { error: ApiError; data?: undefined }> {
  try {
    if (owner !== GUEST_CART) {
      const answer = await server();
      if (answer.error) return { error: answer.error };
      return { data: await parse(answer.data) };
    }
    const refusal = await guest();
    return refusal ? { error: refusal } : { data: null };
  } catch (error) {
    return { error: toApiError(error) };
  }
}

/** A user's change answered the item: it goes into the owner's cart entry (decision 056). */
async function putAnsweredItem(
  args: { owner: CartOwner },
  {
    dispatch,
    queryFulfilled,
  }: {
    // biome-ignore lint/suspicious/noExplicitAny: the lifecycle's dispatch is typed against the api's own state
    dispatch: (action: any) => unknown;
    queryFulfilled: Promise<{ data: AnyCartItem | null }>;
  },
): Promise<void> {
  const item = await answered(queryFulfilled);
  if (item) {
    dispatch(
      cartApi.util.updateQueryData('cart', args.owner, (items) =>
        withCartItem<AnyCartItem>(items, item),
      ),
    );
  }
}

/** A guest's change answers no price: the local items are priced again, once. */
const guestChangeInvalidates = (_result: unknown, error: unknown, args: { owner: CartOwner }) =>
  args.owner === GUEST_CART && !error ? (['CartItem'] as const) : [];

/**
 * The cart's server calls (docs/product.md#server-calls), and the one home of the cart
 * (docs/decisions/056-server-data-lives-in-the-rtk-query-cache.md): the `cart` entry, keyed by
 * its owner, holds a signed-in user's server cart or a guest's local items priced by the server.
 * Changes patch that entry from their answers; a guest's change (stored in the browser, where no
 * answer carries a price) invalidates it, so the local items are priced once per change.
 */
export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * docs/product.md#client-state cart load. For a user: a guest cart left in this browser joins
     * the server cart first (decision 028: the merge answers the whole cart; its local rows go
     * only once the server confirmed, and a failed merge is reported and the server cart read
     * instead), else GET /api/v2/cart_items. For a guest: the local items priced by
     * GET /api/v1/guests/cart_items (none asks nothing). A failure is reported once and the cart
     * shows empty (cart-state.ts).
     */
    cart: build.query<AnyCartItem[], CartOwner>({
      async queryFn(owner, _api, _extra, baseQuery) {
        try {
          const local = await readGuestCartItems();
          if (owner !== GUEST_CART) {
            if (local.length > 0) {
              const merged = await baseQuery({
                url: CART_API.merge,
                method: 'POST',
                data: { cart_item_params: mergeParams(local) },
              });
              if (merged.error) handleError(merged.error);
              else {
                const items = await parseAnyCartItems(merged.data);
                await removeGuestCartItems(local.map((item) => item.id));
                return { data: items };
              }
            }
            const answer = await baseQuery(API.cartItems);
            if (answer.error) return { error: answer.error };
            return { data: await parseAnyCartItems(answer.data) };
          }
          if (local.length === 0) return { data: [] };
          const answer = await baseQuery({
            url: API.guestCartItems,
            params: { cart_item_params: JSON.stringify(guestPricingParams(local)) },
          });
          if (answer.error) return { error: answer.error };
          const { items, unpriced } = matchPricedItems(local, await parseCartItems(answer.data));
          // Decision 028: the server leaves out a class that no longer exists; the local item goes.
          for (const id of unpriced) await removeGuestCartItem(id);
          return { data: items };
        } catch (error) {
          // An answer that does not match the cart item shape, or the browser's database failing.
          return { error: toApiError(error) };
        }
      },
      onQueryStarted: reportLoadFailure,
      providesTags: ['CartItem'],
    }),
    /** GET /api/v1/guests/cart_items for what the booking form holds now (its price preview). */
    guestCartItemsPriced: build.query<CartItem[], GuestCartItemParams[]>({
      query: (items) => ({
        url: API.guestCartItems,
        params: { cart_item_params: JSON.stringify(items) },
      }),
      transformResponse: parseCartItems,
    }),
    /**
     * Add to cart: POST /api/v2/cart_items for a user (its answer, the item, goes into the cart
     * entry; 422 field messages come back as the error), the local database for a guest. One item
     * per class: adding a class already in the cart changes that item.
     */
    addToCart: build.mutation<CartItem | null, AddToCartArgs>({
      queryFn: (args, _api, _extra, baseQuery) =>
        changeByOwner(
          args.owner,
          () =>
            baseQuery({
              url: API.cartItems,
              method: 'POST',
              data: {
                cart_item: {
                  klass_group_schedule_id: args.scheduleId,
                  plan_id: args.planId,
                  number_of_attendees: args.numberOfAttendees,
                  attendee_profile_ids: args.attendeeProfileIds,
                  addon_ids: args.addonIds,
                  coupon_code: args.couponCode,
                },
              },
            }),
          parseCartItem,
          async () => {
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
              return localRefusal(
                'klass_group_schedule_id',
                CART_MESSAGES.cartFull(MAX_CART_ITEMS),
              );
            } else await addGuestCartItem(fields);
            return null;
          },
        ),
      onQueryStarted: putAnsweredItem,
      invalidatesTags: guestChangeInvalidates,
    }),
    /**
     * A class pass into a signed-in user's cart (docs/decisions/076-class-passes-and-drop-ins.md):
     * POST /api/v2/cart_items with kind "pass"; the answered item goes into the cart entry. A
     * guest's cart holds no pass (the page asks them to sign in).
     */
    addPassToCart: build.mutation<AnyCartItem | null, { owner: CartOwner; passId: string }>({
      queryFn: (args, _api, _extra, baseQuery) =>
        changeByOwner(
          args.owner,
          () =>
            baseQuery({
              url: API.cartItems,
              method: 'POST',
              data: { cart_item: { kind: 'pass', pass_id: args.passId } },
            }),
          parseAnyCartItem,
          async () => localRefusal('pass_id', PASS_MESSAGES.guestCart),
        ),
      onQueryStarted: putAnsweredItem,
    }),
    /** /cart/{id}: attendees, add-ons or the coupon (PUT for a user, the local row for a guest). */
    changeCartItem: build.mutation<CartItem | null, CartItemChangeArgs>({
      queryFn: (args, _api, _extra, baseQuery) =>
        changeByOwner(
          args.owner,
          () =>
            baseQuery({
              url: API.cartItem(args.id),
              method: 'PUT',
              data: {
                cart_item: {
                  ...(args.attendeeProfileIds
                    ? { attendee_profile_ids: args.attendeeProfileIds }
                    : {}),
                  ...(args.numberOfAttendees !== undefined &&
                  !(args.attendeeProfileIds && args.attendeeProfileIds.length > 0)
                    ? { number_of_attendees: args.numberOfAttendees }
                    : {}),
                  ...(args.addonIds ? { addon_ids: args.addonIds } : {}),
                  ...(args.couponCode !== undefined ? { coupon_code: args.couponCode } : {}),
                },
              },
            }),
          parseCartItem,
          async () => {
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
            return null;
          },
        ),
      onQueryStarted: putAnsweredItem,
      invalidatesTags: guestChangeInvalidates,
    }),
    /**
     * Removes an item: DELETE /api/v2/cart_items/{id} for a user, the local row for a guest. The
     * item leaves the cart entry once that is done; nothing else changes, so nothing is asked again.
     */
    removeFromCart: build.mutation<null, { owner: CartOwner; id: string }>({
      queryFn: ({ owner, id }, _api, _extra, baseQuery) =>
        changeByOwner(
          owner,
          () => baseQuery({ url: API.cartItem(id), method: 'DELETE' }),
          async () => null,
          async () => {
            await removeGuestCartItem(Number(id));
            return null;
          },
        ),
      async onQueryStarted({ owner, id }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(
          cartApi.util.updateQueryData('cart', owner, (items) =>
            items.filter((item) => item.id !== id),
          ),
        );
      },
    }),
  }),
});

export const {
  useCartQuery,
  useAddPassToCartMutation,
  useAddToCartMutation,
  useChangeCartItemMutation,
  useRemoveFromCartMutation,
} = cartApi;
