import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { comments, postImages, posts, reports } from './gallery.tables';

/**
 * A deleting family's part of the gallery (docs/decisions/072-a-familys-data-is-theirs.md): the
 * children's posts (with every comment, feedback and report on them), and whatever the family
 * wrote elsewhere (comments, reports). Comments a deleting second guardian wrote for the family
 * they act for stay that family's, no longer signed with the guardian's (anonymised) account.
 * Returns the images of the removed posts, which the media module deletes with their files; the
 * photo-box photos of those images go with them.
 */
export async function eraseFamilyGallery(
  tx: Tx,
  family: { userId: number; attendeeProfileIds: number[] },
): Promise<number[]> {
  await tx.delete(comments).where(eq(comments.authorId, family.userId));
  await tx
    .update(comments)
    .set({ writtenById: null })
    .where(eq(comments.writtenById, family.userId));
  await tx
    .update(comments)
    .set({ approvedWrittenById: null })
    .where(eq(comments.approvedWrittenById, family.userId));
  await tx.delete(reports).where(eq(reports.reporterId, family.userId));
  if (family.attendeeProfileIds.length === 0) return [];
  const childPosts = tx
    .select({ id: posts.id })
    .from(posts)
    .where(inArray(posts.attendeeProfileId, family.attendeeProfileIds));
  const images = await tx
    .select({ imageId: postImages.imageId })
    .from(postImages)
    .where(inArray(postImages.postId, childPosts));
  await tx.delete(posts).where(inArray(posts.attendeeProfileId, family.attendeeProfileIds));
  return [...new Set(images.map((i) => i.imageId))];
}
