// The gallery module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
import type { FastifyInstance } from 'fastify';
import { galleryContextOf } from './gallery.context';
import { heldBackAmong, replacePostImage, taggedStudentsOfPosts } from './posts.repository';
import {
  createPostFromImages as createPost,
  type PostFromImages,
  retagPost,
} from './posts.service';
import { type PublicArtwork, publicArtworkPage } from './public-gallery.service';

export { type GalleryContext, galleryContextOf } from './gallery.context';
export { type GalleryPluginOptions, galleryPlugin } from './gallery.plugin';
export { seedDemoGallery } from './gallery.seed';
export { publicStudentName } from './student-name';
export type { PostFromImages, PublicArtwork };

/**
 * A post of images media already holds (the photo box's assignment), tagged with one student or
 * several (a group photo, decision 073); tells each family with a `posts` notification. The
 * caller has checked that the students take the session.
 */
export function createPostFromImages(
  app: FastifyInstance,
  input: PostFromImages,
): Promise<{ postId: number }> {
  return createPost(galleryContextOf(app), input);
}

/**
 * A numbered page of the public student gallery: posts of students whose family chose `public`,
 * not hidden, with a processed picture, newest first, named "Mia K." (privacy.repository.ts).
 */
export function publicArtwork(
  app: FastifyInstance,
  page: { offset: number; limit: number },
): Promise<{ posts: PublicArtwork[]; total: number }> {
  return publicArtworkPage(galleryContextOf(app), page);
}

/**
 * What the photo box asks of a group photo's post (decision 073): re-tag it (the caller checked
 * the students take the session; newly tagged families are told), swap its image for a crop,
 * which of some posts are held back by one child's consent, and who each is tagged with.
 */
export function groupPhotoPosts(app: FastifyInstance) {
  const ctx = galleryContextOf(app);
  return {
    retag: (input: { postId: number; attendeeProfileIds: number[]; senderId: number }) =>
      retagPost(ctx, input),
    replaceImage: (postId: number, from: number, to: number) =>
      replacePostImage(ctx.db, postId, from, to),
    heldBackAmong: (postIds: number[]) => heldBackAmong(ctx.db, postIds),
    taggedStudents: (postIds: number[]) => taggedStudentsOfPosts(ctx.db, postIds),
  };
}
export type GroupPhotoPosts = ReturnType<typeof groupPhotoPosts>;
// A deleting family's part of this module (docs/decisions/072-a-familys-data-is-theirs.md).
export { eraseFamilyGallery } from './gallery-erasure.repository';
