import {
  type CartIncludedResource,
  type CartItemResource,
  type CartUnavailableReason,
  type CouponDiscountType,
  resourceDocument,
} from '@atelier/contract';
import type { CartSchedule } from '../classes';
import type { PassForSale } from '../passes';
import type { CartItemPrice } from '../pricing';
import type { TrialCartFacts } from '../trials';

// Priced cart items → JSON:API. After `flatten` an item reads as docs/product.md#data-the-client-sees's cart item: coupon,
// cart_item_attendee_profiles[].attendee_profile, cart_item_klass_group_schedule_addons[]
// .klass_group_schedule_addon, klass_group_schedule.{klass_group, klass_group_schedule_plan.plan}.

/** A coupon as pricing resolved it. */
export type Coupon = {
  id: number;
  code: string;
  discountType: CouponDiscountType;
  /** Percent (0–100) for `percent`, cents for `fixed`. */
  discountAmount: number;
  /** Only this programme's schedules are discounted; null: any (decision 025). */
  klassGroupId: number | null;
};

/** Everything one priced enrollment item (a schedule booked) document shows. */
export type PricedCartItem = {
  kind: 'enrollment';
  /** The resource id: the row id, or the position in a guest pricing call. */
  id: string;
  numberOfAttendees: number;
  price: CartItemPrice;
  coupon: Coupon | null;
  schedule: CartSchedule;
  plan: CartSchedule['plans'][number];
  attendees: { linkId: string; attendee: { id: number; name: string; birthday: string | null } }[];
  addons: { linkId: string; addon: CartSchedule['addons'][number] }[];
  /** The code as typed (null: none); `coupon` is what it resolved to. */
  couponCode: string | null;
  /** Null when it can be bought now, else why not (decision 028). */
  unavailableReason: CartUnavailableReason | null;
};

/** A class pass in the cart: one for the family, at the pass's price (no coupon). */
export type PricedPassItem = {
  kind: 'pass';
  id: string;
  numberOfAttendees: 1;
  price: CartItemPrice;
  pass: PassForSale;
  coupon: null;
  couponCode: null;
  unavailableReason: null;
};

/** A child's paid trial in the cart: one class, one child, at the programme's trial price. */
export type PricedTrialItem = {
  kind: 'trial';
  id: string;
  numberOfAttendees: 1;
  price: CartItemPrice;
  trial: TrialCartFacts;
  coupon: null;
  couponCode: null;
  unavailableReason: CartUnavailableReason | null;
};

/** A priced cart item of any kind (docs/decisions/076-class-passes-and-drop-ins.md). */
export type AnyPricedCartItem = PricedCartItem | PricedPassItem | PricedTrialItem;

/** A trial's price as the cart and the order show it: one class for one child. */
export function trialPrice(cents: number): CartItemPrice {
  return { units: 1, planPrice: cents, addonsPrice: 0, subtotal: cents, discount: 0, total: cents };
}

/** A pass's price as the cart and the order show it: one pass, nothing taken off. */
export function passPrice(pass: PassForSale): CartItemPrice {
  return {
    units: 1,
    planPrice: pass.price,
    addonsPrice: 0,
    subtotal: pass.price,
    discount: 0,
    total: pass.price,
  };
}

const ref = <T extends string>(type: T, id: number | string) => ({ type, id: String(id) });

export function cartItemResource(item: AnyPricedCartItem): CartItemResource {
  if (item.kind === 'trial') {
    return {
      id: item.id,
      type: 'cart_items',
      attributes: {
        kind: 'trial',
        number_of_attendees: 1,
        total_price: item.price.total,
        subtotal_price: item.price.subtotal,
        units: item.price.units,
        coupon_code: null,
        available: item.unavailableReason === null,
        unavailable_reason: item.unavailableReason,
      },
      relationships: {
        coupon: { data: null },
        cart_item_attendee_profiles: { data: [] },
        cart_item_klass_group_schedule_addons: { data: [] },
        klass_group_schedule: { data: null },
        pass: { data: null },
        trial_class: { data: ref('trial_classes', item.id) },
      },
    };
  }
  if (item.kind === 'pass') {
    return {
      id: item.id,
      type: 'cart_items',
      attributes: {
        kind: 'pass',
        number_of_attendees: item.numberOfAttendees,
        total_price: item.price.total,
        subtotal_price: item.price.subtotal,
        units: item.price.units,
        coupon_code: null,
        available: true,
        unavailable_reason: null,
      },
      relationships: {
        coupon: { data: null },
        cart_item_attendee_profiles: { data: [] },
        cart_item_klass_group_schedule_addons: { data: [] },
        klass_group_schedule: { data: null },
        pass: { data: ref('passes', item.pass.id) },
      },
    };
  }
  return {
    id: item.id,
    type: 'cart_items',
    attributes: {
      kind: 'enrollment',
      number_of_attendees: item.numberOfAttendees,
      total_price: item.price.total,
      subtotal_price: item.price.subtotal,
      units: item.price.units,
      coupon_code: item.couponCode,
      available: item.unavailableReason === null,
      unavailable_reason: item.unavailableReason,
    },
    relationships: {
      coupon: { data: item.coupon ? ref('coupons', item.coupon.id) : null },
      cart_item_attendee_profiles: {
        data: item.attendees.map((a) => ref('cart_item_attendee_profiles', a.linkId)),
      },
      cart_item_klass_group_schedule_addons: {
        data: item.addons.map((a) => ref('cart_item_klass_group_schedule_addons', a.linkId)),
      },
      klass_group_schedule: { data: ref('klass_group_schedules', item.schedule.id) },
      pass: { data: null },
    },
  };
}

function includedOf(item: AnyPricedCartItem): CartIncludedResource[] {
  if (item.kind === 'trial') {
    const { trial } = item;
    // Named after the cart item: the same class tried by two children is two resources.
    return [
      {
        id: item.id,
        type: 'trial_classes',
        attributes: {
          klass_id: String(trial.klassId),
          programme: trial.programme,
          schedule_name: trial.scheduleName,
          starts_at: trial.startsAt.toISOString(),
          time_zone: trial.timeZone,
          attendee_profile_id: String(trial.attendeeProfileId),
          child_name: trial.childName,
          price: item.price.total,
        },
      },
    ];
  }
  if (item.kind === 'pass') {
    const { pass } = item;
    return [
      {
        id: String(pass.id),
        type: 'passes',
        attributes: {
          name: pass.name,
          visits: pass.visits,
          validity_days: pass.validityDays,
          price: pass.price,
        },
      },
    ];
  }
  const { schedule, plan } = item;
  const group = schedule.klassGroup;
  const out: CartIncludedResource[] = [
    {
      id: String(schedule.id),
      type: 'klass_group_schedules',
      attributes: {
        name: schedule.name,
        time_zone: schedule.timeZone,
        start_date: schedule.startDate,
        end_date: schedule.endDate,
      },
      relationships: {
        klass_group: { data: ref('klass_groups', group.id) },
        klass_group_schedule_plan: { data: ref('klass_group_schedule_plans', plan.linkId) },
      },
    },
    {
      id: String(group.id),
      type: 'klass_groups',
      attributes: {
        name: group.name,
        slug: group.slug,
        image_url: group.imageUrl,
        thumb_url: group.thumbUrl,
        min_age: group.minAge,
        max_age: group.maxAge,
      },
    },
    {
      id: String(plan.linkId),
      type: 'klass_group_schedule_plans',
      attributes: {},
      relationships: { plan: { data: ref('plans', plan.id) } },
    },
    {
      id: String(plan.id),
      type: 'plans',
      attributes: {
        name: plan.name,
        base_price: plan.basePrice,
        unit_price: plan.unitPrice,
        unit_type: plan.unitType,
      },
    },
  ];
  for (const { linkId, attendee } of item.attendees) {
    out.push(
      {
        id: linkId,
        type: 'cart_item_attendee_profiles',
        attributes: {},
        relationships: { attendee_profile: { data: ref('attendee_profiles', attendee.id) } },
      },
      {
        id: String(attendee.id),
        type: 'attendee_profiles',
        attributes: { name: attendee.name, birthday: attendee.birthday },
      },
    );
  }
  for (const { linkId, addon } of item.addons) {
    out.push(
      {
        id: linkId,
        type: 'cart_item_klass_group_schedule_addons',
        attributes: {},
        relationships: {
          klass_group_schedule_addon: { data: ref('klass_group_schedule_addons', addon.id) },
        },
      },
      {
        id: String(addon.id),
        type: 'klass_group_schedule_addons',
        attributes: { name: addon.name, price: addon.price },
      },
    );
  }
  if (item.coupon) {
    out.push({
      id: String(item.coupon.id),
      type: 'coupons',
      attributes: {
        code: item.coupon.code,
        discount_type: item.coupon.discountType,
        discount_amount: item.coupon.discountAmount,
      },
    });
  }
  return out;
}

/** The data and the de-duplicated `included` of a cart document. */
export function cartDocumentParts(items: AnyPricedCartItem[]): {
  data: CartItemResource[];
  included?: CartIncludedResource[];
} {
  return resourceDocument(items.map(cartItemResource), items.flatMap(includedOf));
}
