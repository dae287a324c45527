import { listDocument, type UserListDocument, type UserSearchQuery } from '@atelier/contract';
import type { Db } from '../../db/client';
import { pageMeta, pageWindow } from '../../lib/http';
import { searchPeople, userResource } from '../users';

/** Users by name or e-mail (case-insensitive), minus `exceptions`, optionally of one role. */
export async function findUsers(
  db: Db,
  query: UserSearchQuery,
  avatarUrl: (key: string) => string,
): Promise<UserListDocument> {
  const { rows, total } = await searchPeople(
    db,
    {
      keyword: query.keyword || undefined,
      exceptIds: (query.exceptions ?? []).map(Number),
      role: query.role,
    },
    pageWindow(query.page),
  );
  return listDocument(
    rows.map((row) => userResource(row, avatarUrl)),
    pageMeta(query.page, total),
  );
}
