import { PHOTO_BOX_DEVICE_ID_PATTERN, STORAGE_KEYS } from '@atelier/contract';

/** Typed access to the local storage keys of docs/product.md#data-the-client-sees. */

export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.jwt);
}

export function setToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.jwt, token);
}

export function removeToken(): void {
  localStorage.removeItem(STORAGE_KEYS.jwt);
}

/** A saved order parameters object (shape owned by the checkout feature). */
export type OrderParams = Record<string, unknown>;

export function getOrderParams(): OrderParams | null {
  const raw = localStorage.getItem(STORAGE_KEYS.orderParams);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as OrderParams)
      : null;
  } catch {
    // A hand-edited or truncated value is treated as absent rather than crashing checkout.
    return null;
  }
}

export function setOrderParams(params: OrderParams): void {
  localStorage.setItem(STORAGE_KEYS.orderParams, JSON.stringify(params));
}

export function removeOrderParams(): void {
  localStorage.removeItem(STORAGE_KEYS.orderParams);
}

/**
 * The id this browser sends as its device when uploading through a photo box (docs/product.md#photo-box),
 * made on first use and kept. Random bytes from getRandomValues, not randomUUID: a phone opening
 * the link over plain http on the school's network is not a secure context.
 */
export function photoBoxDeviceId(): string {
  const kept = readKept(STORAGE_KEYS.photoBoxDevice);
  if (kept && PHOTO_BOX_DEVICE_ID_PATTERN.test(kept)) return kept;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  try {
    localStorage.setItem(STORAGE_KEYS.photoBoxDevice, id);
  } catch {
    // Storage refused (a private window): the id lasts as long as the page.
  }
  return id;
}

function readKept(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** docs/product.md#client-state: sign-out clears local storage (all of it, not only the keys above). */
export function clearStorage(): void {
  localStorage.clear();
}
