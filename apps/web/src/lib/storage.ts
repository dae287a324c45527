import { AUTO_SUBMIT_ON, STORAGE_KEYS } from '@atelier/contract';

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

/** docs/product.md#data-the-client-sees/§9: auto-submit is on when the stored value is the string '1'. */
export function getAutoSubmit(): boolean {
  return localStorage.getItem(STORAGE_KEYS.autoSubmit) === AUTO_SUBMIT_ON;
}

export function setAutoSubmit(on: boolean): void {
  if (on) localStorage.setItem(STORAGE_KEYS.autoSubmit, AUTO_SUBMIT_ON);
  else localStorage.removeItem(STORAGE_KEYS.autoSubmit);
}

/** docs/product.md#client-state: sign-out clears local storage (all of it, not only the keys above). */
export function clearStorage(): void {
  localStorage.clear();
}
