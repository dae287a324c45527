import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { Media } from '../media';
import { type NotifyInput, notify } from '../notifications';

/** What the gallery needs from the app: its database, artwork images, notifications, avatars. */
export type GalleryContext = {
  db: Db;
  media: Pick<Media, 'acceptUpload' | 'imageViews' | 'deleteImages'>;
  /** Tells a family (stored, pushed to their sockets); called after the change has committed. */
  notify: (input: NotifyInput) => Promise<unknown>;
  /** The URL of a stored avatar key (the square thumbnail), as the rest of the API shows it. */
  avatarUrl: (key: string | null) => string | null;
  log: { warn(obj: object, msg: string): void };
};

export function galleryContextOf(app: FastifyInstance): GalleryContext {
  return {
    db: app.db,
    media: app.media,
    notify: (input) => notify(app, input),
    avatarUrl: (key) => (key ? app.images.urls(key).thumbUrl : null),
    log: app.log,
  };
}
