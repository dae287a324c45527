import {
  getAutoSubmit,
  getOrderParams,
  type OrderParams,
  removeOrderParams,
  setAutoSubmit,
  setOrderParams,
} from '../../lib/storage';

// What checkout keeps in the browser (docs/product.md#checkout-and-orders):
// - `order_params` and `auto_submit` (local storage) carry a guest's "Place order" through
//   sign-in or registration, even when the mailed confirmation link opens in another tab;
// - the Idempotency-Key of the current attempt (session storage: this tab only) makes a reload
//   or a retry answer the same order instead of a second one.

const IDEMPOTENCY_STORAGE_KEY = 'atelier.checkout.idempotency_key';

/** What a guest was about to order: the schedules and seats, to check the cart after sign-in. */
export type SavedOrder = {
  items: { klass_group_schedule_id: string; number_of_attendees: number }[];
  total: number;
};

function isSavedOrder(value: OrderParams | null): value is OrderParams & SavedOrder {
  return (
    value !== null &&
    Array.isArray(value.items) &&
    value.items.every(
      (i: unknown) =>
        i !== null &&
        typeof i === 'object' &&
        typeof (i as Record<string, unknown>).klass_group_schedule_id === 'string' &&
        typeof (i as Record<string, unknown>).number_of_attendees === 'number',
    ) &&
    typeof value.total === 'number'
  );
}

/** A guest's "Place order": saved with auto-submit on, for checkout to resume after sign-in. */
export function saveOrderForLater(order: SavedOrder): void {
  setOrderParams(order);
  setAutoSubmit(true);
}

/**
 * Takes the auto-submit request: answers the saved order when auto-submit was on, and turns it
 * off before answering, so whoever takes it is the only one who submits (a re-render, a second
 * mount under StrictMode or another tab finds it off).
 */
export function takeAutoSubmit(): SavedOrder | null {
  if (!getAutoSubmit()) return null;
  setAutoSubmit(false);
  const saved = getOrderParams();
  removeOrderParams();
  return isSavedOrder(saved) ? saved : null;
}

/** 128 random bits as hex: `crypto.randomUUID` exists only in secure contexts (not plain http). */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key of the current attempt, made on first use and kept until the attempt is over. */
export function idempotencyKey(): string {
  let key = sessionStorage.getItem(IDEMPOTENCY_STORAGE_KEY);
  if (!key) {
    key = randomKey();
    sessionStorage.setItem(IDEMPOTENCY_STORAGE_KEY, key);
  }
  return key;
}

/** Ends the attempt: the next "Place order" is a new one (the cart changed, or it was paid). */
export function forgetIdempotencyKey(): void {
  sessionStorage.removeItem(IDEMPOTENCY_STORAGE_KEY);
}
