import { PAGE_SIZE, type UserListDocument, type UserSearchQuery } from '@atelier/contract';
import type { Db } from '../../db/client';
import { userResource } from '../users';
import { searchUsers } from './user-search.repository';

/** Users by name or e-mail (case-insensitive), minus `exceptions`, optionally of one role. */
export async function findUsers(
  db: Db,
  query: UserSearchQuery,
  avatarUrl: (key: string) => string,
): Promise<UserListDocument> {
  const { rows, total } = await searchUsers(
    db,
    {
      keyword: query.keyword || undefined,
      exceptIds: (query.exceptions ?? []).map(Number),
      role: query.role,
    },
    { limit: PAGE_SIZE, offset: (query.page - 1) * PAGE_SIZE },
  );
  return {
    data: rows.map((row) => userResource(row, avatarUrl)),
    meta: { total, page: query.page, per_page: PAGE_SIZE },
  };
}
