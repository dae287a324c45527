type Id = string | number;

/** Paths of user groups (teachers and admins): named sets of accounts a coupon can be kept for. */
export const USER_GROUPS_API = {
  /** GET ?page=N&search=: a page of groups; POST {user_group: {name}}: a new group. */
  userGroups: '/api/v2/user_groups',
  /** GET, PUT {user_group: {name}}, DELETE (409 while a coupon is kept for the group). */
  userGroup: (id: Id) => `/api/v2/user_groups/${id}`,
  /** GET ?page=N: a page of members, by name; POST {user_ids}: adds accounts. */
  members: (id: Id) => `/api/v2/user_groups/${id}/members`,
  /** DELETE: takes one account out of the group. */
  member: (id: Id, userId: Id) => `/api/v2/user_groups/${id}/members/${userId}`,
} as const;
