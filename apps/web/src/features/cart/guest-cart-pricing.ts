import {
  type CartItem,
  DATE_PICKER_MIN,
  type GuestCartItemParams,
  type MergeCartItemParams,
  NAME_MAX_LENGTH,
} from '@atelier/contract';
import type { GuestCartItem } from './guest-cart-db';

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
 * The server's priced answer matched back to the local items by klass_group_schedule.id
 * (docs/product.md#server-calls): each priced item takes its local item's id, coupon code and
 * typed attendees (the server knows nothing of them). `unpriced` lists the local items the server
 * left out (decision 028: a class that no longer exists), which nothing can show or buy.
 */
export function matchPricedItems(
  local: GuestCartItem[],
  priced: CartItem[],
): { items: CartItem[]; unpriced: number[] } {
  const unused = [...priced];
  const items: CartItem[] = [];
  const unpriced: number[] = [];
  for (const row of local) {
    const index = unused.findIndex(
      (p) => p.klass_group_schedule.id === row.klass_group_schedule_id,
    );
    const [match] = index === -1 ? [] : unused.splice(index, 1);
    if (!match) {
      unpriced.push(row.id);
      continue;
    }
    items.push({
      ...match,
      id: String(row.id),
      coupon_code: row.coupon_code,
      cart_item_attendee_profiles: row.attendees.map((a, at) => ({
        id: `${row.id}-${at}`,
        attendee_profile: { id: a.attendee_profile_id ?? '', name: a.name, birthday: a.birthday },
      })),
    });
  }
  return { items, unpriced };
}
