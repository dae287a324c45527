type Id = string | number;

/** API paths of class messages (docs/product.md#class-messages). */
export const MESSAGES_API = {
  /** Staff: POST {message: {klass_group_schedule_id | klass_id | user_ids, title, body}} / GET: sent by me (paged). */
  list: '/api/v1/messages',
  /** GET: the sender (or an admin) sees it with read receipts; a recipient sees it and it counts as read. */
  one: (id: Id) => `/api/v1/messages/${id}`,
} as const;
