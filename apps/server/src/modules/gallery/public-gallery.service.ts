import type { ArtworkImage } from '@atelier/contract';
import type { GalleryContext } from './gallery.context';
import { hasReadyImage, imageIdsOfPosts, numberedPageOfPosts } from './posts.repository';
import { publicStudentName } from './student-name';

// The public student gallery (docs/product.md#public-site): what a guest may see by the one
// privacy rule (privacy.repository.ts with no viewer: students whose family chose `public`, posts
// not hidden), named "Mia K.", newest first. Only processed pictures are shown, and a post with
// none yet waits until it has one.

/** A post as the public gallery shows it: never the full name, the family's choice or counts. */
export type PublicArtwork = {
  id: number;
  caption: string;
  createdAt: Date;
  /** First name and the initial of the last name. */
  studentName: string;
  /** Its processed pictures, in the family's order, at signed URLs. */
  images: ArtworkImage[];
};

export async function publicArtworkPage(
  ctx: GalleryContext,
  page: { offset: number; limit: number },
): Promise<{ posts: PublicArtwork[]; total: number }> {
  const { rows, total } = await numberedPageOfPosts(ctx.db, null, hasReadyImage, page);
  const idsByPost = await imageIdsOfPosts(
    ctx.db,
    rows.map((row) => row.id),
  );
  // Guests' addresses are shared ones: they stop serving once the family withdraws the work.
  const views = await ctx.media.imageViews([...idsByPost.values()].flat(), { shared: true });
  const posts = rows.map((row) => ({
    id: row.id,
    caption: row.caption,
    createdAt: row.createdAt,
    studentName: publicStudentName(row.student.name),
    images: (idsByPost.get(row.id) ?? []).flatMap((id) => {
      const view = views.get(id);
      return view?.status === 'ready' ? [view] : [];
    }),
  }));
  return { posts, total };
}
