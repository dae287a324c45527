import type { Viewer } from '../../lib/http';

/** A signed-in user, or null for a guest. */
export type GalleryViewer = Viewer | null;

export const isStaff = (viewer: GalleryViewer): boolean =>
  viewer?.role === 'teacher' || viewer?.role === 'admin';
