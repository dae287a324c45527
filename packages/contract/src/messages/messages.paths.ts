type Id = string | number;

/** API paths of class messages (docs/product.md#class-messages). */
export const MESSAGES_API = {
  /** Staff: POST {message: {klass_group_schedule_id | klass_id | user_ids, title, body}} / GET: sent by me (paged). */
  list: '/api/v1/messages',
  /** GET ?page: the messages the signed-in family received, newest first, each with its read time. */
  received: '/api/v1/messages/received',
  /** Staff, GET ?page&keyword: the schedules the viewer may write to, each with its sessions. */
  schedules: '/api/v1/messages/schedules',
  /** Staff, GET ?page&keyword: the family accounts the viewer may write to by name. */
  families: '/api/v1/messages/families',
  /** GET: the sender (or an admin) sees it with read receipts; a recipient sees it and it counts as read. */
  one: (id: Id) => `/api/v1/messages/${id}`,
} as const;

/** App pages of class messages. */
export const MESSAGE_PAGES = {
  /** Staff: write a message and see the ones sent. */
  send: '/messages',
  /** A family's classes page with one received message open. */
  received: (id: Id) => `/classes?message=${encodeURIComponent(String(id))}`,
} as const;
