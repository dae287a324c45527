import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../lib/app-error';
import { isPrivatePath, MEDIA_PREFIX, SHARED_CHECK_TTL_MS, verifySignedPath } from './signed-urls';
import { contentTypeOf, type LocalDiskStorage } from './storage';

// A path as the server writes them: `artworks/{uuid}.webp` and the like, nothing else. Anything
// with `..`, a backslash, a leading slash or an odd character never reaches the disk.
const STORED_PATH = /^[a-z0-9-]+(\/[A-Za-z0-9-]+(\.[a-z0-9]+)?)+$/;

/** What a shared address of work no longer shared answers (404). */
export const WITHDRAWN_IMAGE_MESSAGE = 'This image is no longer shared';
/**
 * GET /media/{path}?e=&s= — private files on local disk behind an HMAC-signed, expiring URL
 * (docs/decisions/036-artwork-images.md#signed-urls). Bad or expired signature → 403; a valid one
 * for a missing file, or a shared one of work no longer shared → 404. Cached privately until the URL expires: it never changes meanwhile;
 * a shared address (decision 068) is checked at request time and cached for seconds only.
 */
export async function mediaFilesRoutes(
  app: FastifyInstance,
  opts: { storage: LocalDiskStorage },
): Promise<void> {
  app.get<{ Params: { '*': string }; Querystring: { e?: string; s?: string; a?: string } }>(
    `${MEDIA_PREFIX}/*`,
    async (request, reply) => {
      const path = request.params['*'];
      const { e, s, a } = request.query;
      const check = verifySignedPath(opts.storage.signingKey, path, e, s, new Date(), a);
      if (!check.ok) throw new AppError('forbidden', 'This link is invalid or has expired');
      if (!STORED_PATH.test(path) || !isPrivatePath(path)) throw notFound('File');
      // A shared address serves only while the work is still shared (its check is cached at most
      // SHARED_CHECK_TTL_MS, the browser keeps it as long: under a minute in all). Withdrawn work
      // answers 404, as if gone, which is what it now is to everyone outside the family.
      if (check.shared && !(await opts.storage.stillShared(path))) {
        throw new AppError('not_found', WITHDRAWN_IMAGE_MESSAGE);
      }
      const data = await opts.storage.get(path);
      if (!data) throw notFound('File');
      const untilExpiry = Math.max(0, Math.floor((check.expiresAt.getTime() - Date.now()) / 1000));
      const cacheControl = check.shared
        ? `private, max-age=${Math.min(untilExpiry, SHARED_CHECK_TTL_MS / 1000)}`
        : `private, max-age=${untilExpiry}, immutable`;
      return reply
        .header('content-type', contentTypeOf(path))
        .header('cache-control', cacheControl)
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
}
