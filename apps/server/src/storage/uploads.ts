import { GALLERY_MESSAGES, IMAGE_TOO_LARGE_MESSAGE } from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, ValidationError } from '../lib/app-error';

/** A multipart form as routes take it: its text fields, and the one file they asked for. */
export type MultipartForm = {
  fields: Record<string, string>;
  /** The file's bytes, 'too_large' past IMAGE_MAX_BYTES, or undefined when none (or empty) came. */
  file: Buffer | 'too_large' | undefined;
};

// An oversized file is read to its limit and flagged, so the answer can be a field message.
const TRUNCATE_OVERSIZED_FILES = { throwFileSizeLimit: false } as unknown as Parameters<
  FastifyRequest['parts']
>[0];

/**
 * Reads a multipart request: text fields, and the file of form field `fileField` into memory (the
 * multipart limits of acceptUploads cap it at IMAGE_MAX_BYTES). Other files are drained and ignored.
 * A body the multipart parser cannot read (no boundary, a wrong one, cut short) is the client's
 * mistake: 400, never a 500 (the parser's own errors carry no code to tell them apart).
 */
export async function readMultipartForm(
  request: FastifyRequest,
  fileField: string,
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError('bad_request', 'Send the file as multipart/form-data');
  }
  const fields: Record<string, string> = {};
  let file: MultipartForm['file'];
  try {
    for await (const part of request.parts(TRUNCATE_OVERSIZED_FILES)) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== fileField) {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      if (part.file.truncated) file = 'too_large';
      // A file input left empty still sends a part: that is "no file", not a bad one.
      else if (data.length > 0) file = data;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw new ValidationError([{ field: fileField, detail: 'Send one file only' }]);
    }
    throw new AppError('bad_request', 'The upload is malformed');
  }
  return { fields, file };
}

/**
 * The one file of a multipart request whose form field is `field`: missing → 422 'Required' on
 * `field`; larger than IMAGE_MAX_BYTES → 422 with the size message on `field`.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  field: string,
): Promise<{ data: Buffer; fields: Record<string, string> }> {
  const { fields, file } = await readMultipartForm(request, field);
  if (file === 'too_large') throw new ValidationError([{ field, detail: IMAGE_TOO_LARGE_MESSAGE }]);
  if (!file) throw new ValidationError([{ field, detail: 'Required' }]);
  return { data: file, fields };
}

/** The files of one multipart field, and the form's text fields. */
export type MultipartFiles = { fields: Record<string, string>; files: Buffer[] };

/**
 * Reads up to `max` files of form field `field` (artwork: a post's images, photo-box uploads),
 * with the limits of `acceptUploads(app, ARTWORK_UPLOADS)`. More than `max` → 422
 * tooManyImages; any file past ARTWORK_MAX_BYTES → 422 artworkTooLarge; none → imagesRequired;
 * all on `field`, and the caller gets no bytes to store. A malformed body → 400.
 */
export async function readMultipartFiles(
  request: FastifyRequest,
  field: string,
  { max }: { max: number },
): Promise<MultipartFiles> {
  if (!request.isMultipart()) {
    throw new AppError('bad_request', 'Send the files as multipart/form-data');
  }
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  let tooLarge = false;
  let tooMany = false;
  try {
    for await (const part of request.parts(TRUNCATE_OVERSIZED_FILES)) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== field) {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      // Read on to the end of the body either way, so the client hears the answer, not a reset.
      if (part.file.truncated) tooLarge = true;
      else if (data.length > 0 && files.length >= max) tooMany = true;
      else if (data.length > 0) files.push(data);
    }
  } catch (error) {
    if ((error as { code?: string }).code !== 'FST_FILES_LIMIT') {
      throw new AppError('bad_request', 'The upload is malformed');
    }
    tooMany = true;
  }
  if (tooMany) throw new ValidationError([{ field, detail: GALLERY_MESSAGES.tooManyImages }]);
  if (tooLarge) throw new ValidationError([{ field, detail: GALLERY_MESSAGES.artworkTooLarge }]);
  if (files.length === 0) {
    throw new ValidationError([{ field, detail: GALLERY_MESSAGES.imagesRequired }]);
  }
  return { fields, files };
}
