import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../lib/app-error';
import { isPrivatePath, MEDIA_PREFIX, verifySignedPath } from './signed-urls';
import { contentTypeOf, type LocalDiskStorage } from './storage';

// A path as the server writes them: `artworks/{uuid}.webp` and the like, nothing else. Anything
// with `..`, a backslash, a leading slash or an odd character never reaches the disk.
const STORED_PATH = /^[a-z0-9-]+(\/[A-Za-z0-9-]+(\.[a-z0-9]+)?)+$/;

/**
 * GET /media/{path}?e=&s= — private files on local disk behind an HMAC-signed, expiring URL
 * (docs/decisions/036-artwork-images.md#signed-urls). Bad or expired signature → 403; a valid one
 * for a missing file → 404. Cached privately until the URL expires: it never changes meanwhile.
 */
export async function mediaFilesRoutes(
  app: FastifyInstance,
  opts: { storage: LocalDiskStorage },
): Promise<void> {
  app.get<{ Params: { '*': string }; Querystring: { e?: string; s?: string } }>(
    `${MEDIA_PREFIX}/*`,
    async (request, reply) => {
      const path = request.params['*'];
      const { e, s } = request.query;
      const check = verifySignedPath(opts.storage.signingKey, path, e, s);
      if (!check.ok) throw new AppError('forbidden', 'This link is invalid or has expired');
      if (!STORED_PATH.test(path) || !isPrivatePath(path)) throw notFound('File');
      const data = await opts.storage.get(path);
      if (!data) throw notFound('File');
      const maxAge = Math.max(0, Math.floor((check.expiresAt.getTime() - Date.now()) / 1000));
      return reply
        .header('content-type', contentTypeOf(path))
        .header('cache-control', `private, max-age=${maxAge}, immutable`)
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
}
