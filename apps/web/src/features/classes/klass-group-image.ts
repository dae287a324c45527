import {
  CLASSES_API,
  type FlatKlassGroup,
  klassGroupFlatSchema,
  parseDocument,
} from '@atelier/contract';
import { makeClientUpload } from '../../components/file-upload/client-upload';
import { apiClient } from '../../lib/api-client';

/**
 * A programme image may be 5 MB: on a slow uplink that outlasts the 7 s API timeout (docs/product.md#server-calls),
 * which is meant for ordinary requests, so uploads get their own.
 */
const IMAGE_UPLOAD_TIMEOUT_MS = 120_000;

/** PUT the programme's image (multipart field `image`), reporting progress from 0 to 1. */
export async function uploadKlassGroupImage(
  klassGroupId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<FlatKlassGroup> {
  const upload = makeClientUpload(apiClient, CLASSES_API.klassGroupImage(klassGroupId), {
    method: 'put',
    field: 'image',
    timeoutMs: IMAGE_UPLOAD_TIMEOUT_MS,
  });
  return parseDocument(klassGroupFlatSchema, await upload(file, onProgress));
}
