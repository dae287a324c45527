import {
  type CartItem,
  type Document,
  document,
  type Notification,
  type Resource,
  resource,
  type User,
} from '@atelier/contract';

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned-looking JWT with the given claims (the client never verifies signatures). */
export function makeJwt(claims: { exp: number; sub?: string; role?: string }): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(
    JSON.stringify({ sub: '1', role: 'student', iat: claims.exp - 86400, jti: 'j1', ...claims }),
  );
  return `${header}.${payload}.c2lnbmF0dXJl`;
}

/** A token valid for a day from `now` (ms). */
export function validJwt(now: number = Date.now()): string {
  return makeJwt({ exp: Math.floor(now / 1000) + 86400 });
}

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: '1',
    type: 'users',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    avatar_url: null,
    role: 'student',
    timezone: 'America/New_York',
    locale: 'en',
    ...overrides,
  };
}

/** The JSON:API document GET /api/v1/users/me answers for `user`. */
export function userDocument(user: User = buildUser()): Document {
  const { id, type, ...attributes } = user;
  return document(resource(type, id, attributes));
}

export function buildNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: '1',
    type: 'notifications',
    title: 'New comment',
    content: 'Nice work',
    read: false,
    created_at: '2024-03-15T12:00:00.000Z',
    sender: { id: '2', type: 'users', name: 'Grace Hopper', avatar_url: null },
    record: { id: '7', type: 'comments' },
    ...overrides,
  };
}

/** A notification as the API and the live channel send it: resource plus included sender. */
export function notificationResource(n: Notification): { data: Resource; included: Resource[] } {
  const { id, type, sender, record, ...attributes } = n;
  return {
    data: resource(type, id, attributes, {
      sender: sender ? { id: sender.id, type: 'users' } : null,
      record: { id: record.id, type: record.type },
    }),
    included: sender
      ? [resource('users', sender.id, { name: sender.name, avatar_url: sender.avatar_url })]
      : [],
  };
}

export function notificationListDocument(list: Notification[], page = 1): Document {
  const parts = list.map(notificationResource);
  return document(
    parts.map((p) => p.data),
    {
      included: parts.flatMap((p) => p.included),
      meta: { total: list.length, page, per_page: 20 },
    },
  );
}

export function buildCartItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: '1',
    number_of_attendees: 1,
    total_price: 12000,
    available: true,
    unavailable_reason: null,
    coupon: null,
    cart_item_attendee_profiles: [
      { id: '11', attendee_profile: { id: '21', name: 'Kid', birthday: '2015-04-01' } },
    ],
    cart_item_klass_group_schedule_addons: [],
    klass_group_schedule: {
      id: '31',
      klass_group: {
        id: '41',
        name: 'Observational Drawing',
        image_url: null,
        min_age: 6,
        max_age: 12,
      },
      klass_group_schedule_plan: { plan: { base_price: 0, unit_price: 3000, unit_type: 'class' } },
    },
    ...overrides,
  };
}

/**
 * Cart items as a JSON:API list (the nested objects ride as attributes: the cart endpoints embed
 * them, and `flatten` keeps attributes as they are).
 */
export function cartItemListDocument(items: CartItem[]): Document {
  return document(items.map(({ id, ...attributes }) => resource('cart_items', id, attributes)));
}

/** One cart item as a JSON:API document (the answer of adding or changing it). */
export function cartItemDocument({ id, ...attributes }: CartItem): Document {
  return document(resource('cart_items', id, attributes));
}
