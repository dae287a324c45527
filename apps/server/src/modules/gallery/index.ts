// The gallery module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
import type { FastifyInstance } from 'fastify';
import { galleryContextOf } from './gallery.context';
import { createPostFromImages as createPost, type PostFromImages } from './posts.service';

export { type GalleryContext, galleryContextOf } from './gallery.context';
export { type GalleryPluginOptions, galleryPlugin } from './gallery.routes';
export { seedDemoGallery } from './gallery.seed';
export { publicStudentName } from './student-name';
export type { PostFromImages };

/**
 * A post of images media already holds (the photo box's assignment); tells the family with a
 * `posts` notification. The caller has checked that the student takes the session.
 */
export function createPostFromImages(
  app: FastifyInstance,
  input: PostFromImages,
): Promise<{ postId: number }> {
  return createPost(galleryContextOf(app), input);
}
