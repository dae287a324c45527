import { AUTO_SUBMIT_ON, AUTO_SUBMIT_PARAM } from '@atelier/contract';
import { paths } from '../../lib/route-paths';
import {
  getOrderParams,
  type OrderParams,
  removeOrderParams,
  setOrderParams,
} from '../../lib/storage';

// What carries a guest's "Place order" through sign-in or registration, and what checkout keeps
// in the browser (docs/product.md#checkout-and-orders):
// - the intent to submit rides in the route: `/checkout?auto_submit=1`, the way back that login
//   and the mailed confirmation link already carry (so it holds in another tab too);
// - `order_params` (local storage) keeps what the guest was ordering, for checkout to compare
//   the cart with after sign-in; taking it is what makes the submission happen once;
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

/** Where a guest's "Place order" comes back to after sign-in: checkout, asked to submit. */
export const CHECKOUT_RESUME_PATH = `${paths.checkout}?${new URLSearchParams({
  [AUTO_SUBMIT_PARAM]: AUTO_SUBMIT_ON,
})}`;

/** Whether the page's query asks checkout to submit the saved order (only the value '1' does). */
export function asksToAutoSubmit(search: URLSearchParams): boolean {
  return search.get(AUTO_SUBMIT_PARAM) === AUTO_SUBMIT_ON;
}

/** A guest's "Place order": what they were ordering, kept for checkout to resume after sign-in. */
export function saveOrderForLater(order: SavedOrder): void {
  setOrderParams(order);
}

/**
 * Takes the saved order: answers it and removes it before answering, so whoever takes it is the
 * only one who submits (a re-render, a second mount under StrictMode or another tab finds none).
 */
export function takeSavedOrder(): SavedOrder | null {
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
