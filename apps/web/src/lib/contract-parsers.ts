import {
  type AnyCartItem,
  anyCartItemSchema,
  type CartItem,
  cartItemSchema,
  errorDocumentSchema,
  fieldMessages,
  type Notification,
  notificationSchema,
  parseDocument,
  signInResponseSchema,
  type User,
  unreadCountResponseSchema,
  userSchema,
} from '@atelier/contract';
import { z } from 'zod';

/*
 * Response parsing with the contract's schemas (docs/architecture.md#http-contract) for the code every visit runs
 * (api client, session, notifications, cart). It is imported on demand (`loadContractParsers`),
 * once a response is in hand: zod and these schemas are about 30 KB gzip that a first visit to
 * /app/login would otherwise download before it shows anything (the first-visit budget of decision 021).
 */

/**
 * The first error entry's detail and `meta.reason` (why a mailed link was refused, say), and the
 * docs/product.md#validation field messages of an error body.
 */
export function parseErrorBody(body: unknown): {
  detail: string | null;
  reason: string | null;
  errorCode: string | null;
  meta: Record<string, unknown> | null;
  fields: Record<string, string>;
} {
  const parsed = errorDocumentSchema.safeParse(body);
  const first = parsed.success ? parsed.data.errors[0] : undefined;
  const reason = first?.meta?.reason;
  return {
    detail: first?.detail ?? null,
    reason: typeof reason === 'string' ? reason : null,
    errorCode: first?.code ?? null,
    meta: first?.meta ?? null,
    fields: fieldMessages(body),
  };
}

/** GET /api/v1/users/me. */
export function parseUserDocument(body: unknown): User {
  return parseDocument(userSchema, body);
}

/** POST /api/v1/users/sign_in: the new token. */
export function parseSignInJwt(body: unknown): string {
  return signInResponseSchema.parse(body).data.jwt;
}

const notificationListSchema = z.array(notificationSchema);

/** A page of notifications. */
export function parseNotificationList(body: unknown): Notification[] {
  return parseDocument(notificationListSchema, body);
}

/** One notification document (a live message). */
export function parseNotificationDocument(body: unknown): Notification {
  return parseDocument(notificationSchema, body);
}

/** GET /api/v1/notifications/unread_count. */
export function parseUnreadCount(body: unknown): number {
  return unreadCountResponseSchema.parse(body).data;
}

const cartItemListSchema = z.array(cartItemSchema);

/** A list of cart items (server cart, or guest items priced). */
export function parseCartItemList(body: unknown): CartItem[] {
  return parseDocument(cartItemListSchema, body);
}

const anyCartItemListSchema = z.array(anyCartItemSchema);

/** A signed-in user's cart: items of every kind (docs/decisions/076-class-passes-and-drop-ins.md). */
export function parseAnyCartItemList(body: unknown): AnyCartItem[] {
  return parseDocument(anyCartItemListSchema, body);
}

/** One item of any kind (the answer of adding a class pass). */
export function parseAnyCartItemDocument(body: unknown): AnyCartItem {
  return parseDocument(anyCartItemSchema, body);
}

/** One cart item (the answer of adding or changing one). */
export function parseCartItemDocument(body: unknown): CartItem {
  return parseDocument(cartItemSchema, body);
}
