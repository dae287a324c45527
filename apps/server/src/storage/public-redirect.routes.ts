import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/app-error';
import { isPrivatePath, signedUrlExpiry } from './signed-urls';
import type { Storage } from './storage';

// A public path as the server writes them (`avatars/{uuid}.webp`); nothing else is looked up.
const PUBLIC_PATH = /^[a-z0-9-]+(\/[A-Za-z0-9-]+(\.[a-z0-9]+)?)+$/;

/**
 * GET /uploads/{path} when files live in a bucket (decision 036#s3): public files keep the
 * URL they always had, answered with a redirect to a presigned URL of the current window. The
 * redirect is cached no longer than its target stays valid. Private prefixes are 404 here too.
 */
export async function publicRedirectRoutes(
  app: FastifyInstance,
  opts: { storage: Storage; publicPrefix: string },
): Promise<void> {
  app.get<{ Params: { '*': string } }>(`${opts.publicPrefix}/*`, async (request, reply) => {
    const path = request.params['*'];
    if (!PUBLIC_PATH.test(path) || isPrivatePath(path)) throw notFound('File');
    const expiresAt = signedUrlExpiry();
    const maxAge = Math.floor((expiresAt.getTime() - Date.now()) / 1000);
    return reply
      .header('cache-control', `public, max-age=${maxAge}`)
      .redirect(await opts.storage.signedUrl(path, expiresAt), 302);
  });
}
