import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE } from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, ValidationError } from '../lib/app-error';

/**
 * Reads the one file of a multipart request whose form field is `field`, up to IMAGE_MAX_BYTES.
 * Missing file → 422 'Required' on `field`; larger → 422 with the size message on `field`.
 * Other form fields are returned as text, so a route can take a few values beside the file.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  field: string,
): Promise<{ data: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) {
    throw new AppError('bad_request', 'Send the file as multipart/form-data');
  }
  let data: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === field) data = buffer;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ValidationError([{ field, detail: IMAGE_TOO_LARGE_MESSAGE }]);
    }
    if (code === 'FST_FILES_LIMIT') {
      throw new ValidationError([{ field, detail: 'Send one file only' }]);
    }
    if (code?.startsWith('FST_')) throw new AppError('bad_request', 'The upload is malformed');
    throw error;
  }
  if (!data || data.length === 0) throw new ValidationError([{ field, detail: 'Required' }]);
  return { data, fields };
}
