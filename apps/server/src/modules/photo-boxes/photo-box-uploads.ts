import { ARTWORK_MAX_BYTES, GALLERY_MESSAGES } from '@atelier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ValidationError } from '../../lib/app-error';
import { acceptUploads } from '../../storage/storage.plugin';
import { readMultipartForm } from '../../storage/uploads';

// A photo box's upload: one artwork photo per request (the web sends files one by one, each with
// its own progress), up to ARTWORK_MAX_BYTES rather than the 5 MB of other images. Not
// readMultipartFiles: its messages speak of a post's 1–10 images, and here a second file is
// simply one too many.

/** Multipart parsing for the scope that calls it: one file, of at most ARTWORK_MAX_BYTES. */
export function acceptArtworkUploads(app: FastifyInstance): Promise<void> {
  return acceptUploads(app, { maxFiles: 1, maxFileBytes: ARTWORK_MAX_BYTES });
}

/**
 * The `photo` file of a multipart request: 400 when the body is not readable multipart, 422 on
 * `photo` when it is missing, one of several, or larger than ARTWORK_MAX_BYTES.
 */
export async function readArtwork(request: FastifyRequest): Promise<Buffer> {
  const { file } = await readMultipartForm(request, 'photo');
  if (file === 'too_large') {
    throw new ValidationError([{ field: 'photo', detail: GALLERY_MESSAGES.artworkTooLarge }]);
  }
  if (!file) throw new ValidationError([{ field: 'photo', detail: 'Required' }]);
  return file;
}
