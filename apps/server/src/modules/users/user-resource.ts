import type { ClassReminders, Translations, UserResource } from '@atelier/contract';
import type { SessionUser } from './users.repository';

/** The user fields the `users` resource shows. */
export type UserResourceSource = Pick<
  SessionUser,
  'id' | 'name' | 'email' | 'role' | 'timezone' | 'locale' | 'avatarKey'
> & {
  bio?: string | null;
  translations?: Translations<'bio'>;
  classReminders?: ClassReminders;
};

/**
 * A user as a JSON:API `users` resource (GET /me, user search, anything embedding a user).
 * `avatarUrl` turns a stored avatar key into a URL; the storage that holds avatars provides it.
 * Without a key (or a resolver), avatar_url is null and the web shows initials. `own` marks the
 * account's own answers (GET /me, account settings), which carry the bio (in every language as
 * written, since account settings edits them) and class reminders; lists leave it out.
 */
export function userResource(
  user: UserResourceSource,
  avatarUrl?: (avatarKey: string) => string,
  options: { own?: boolean; familyId?: number } = {},
): UserResource {
  return {
    id: String(user.id),
    type: 'users',
    attributes: {
      name: user.name,
      email: user.email,
      avatar_url: user.avatarKey && avatarUrl ? avatarUrl(user.avatarKey) : null,
      role: user.role,
      timezone: user.timezone,
      locale: user.locale,
      ...(options.own ? { bio: user.bio ?? null, translations: user.translations ?? {} } : {}),
      ...(options.own && user.classReminders ? { class_reminders: user.classReminders } : {}),
      ...(options.familyId !== undefined ? { family_id: String(options.familyId) } : {}),
    },
  };
}
