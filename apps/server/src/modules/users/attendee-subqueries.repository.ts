import { eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { attendeeProfiles } from './users.tables';

// Attendee profiles as subqueries another module embeds in its own statement, so a list that
// filters, pages or counts by who a student is (the gallery's privacy rules) stays one statement
// while only this module names the attendee_profiles table
// (docs/architecture.md#repository-layout-and-layers).

const qb = new QueryBuilder();

/** The ids of the attendee profiles an account owns (its family), as a subquery. */
export function attendeeIdsOfAccountQuery(userId: number) {
  return qb
    .select({ id: attendeeProfiles.id })
    .from(attendeeProfiles)
    .where(eq(attendeeProfiles.userId, userId));
}

/** The ids of the attendee profiles whose family chose this gallery visibility, as a subquery. */
export function attendeeIdsWithVisibilityQuery(
  visibility: (typeof attendeeProfiles.$inferSelect)['galleryVisibility'],
) {
  return qb
    .select({ id: attendeeProfiles.id })
    .from(attendeeProfiles)
    .where(eq(attendeeProfiles.galleryVisibility, visibility));
}

/**
 * Every attendee profile with what the gallery shows and decides by (name, family, visibility,
 * comment approval), as a derived table named `alias` to join on its `id`.
 */
export function galleryStudentsTable(alias: string) {
  return qb
    .select({
      id: attendeeProfiles.id,
      name: attendeeProfiles.name,
      userId: attendeeProfiles.userId,
      visibility: attendeeProfiles.galleryVisibility,
      commentsNeedApproval: attendeeProfiles.commentsNeedApproval,
    })
    .from(attendeeProfiles)
    .as(alias);
}
