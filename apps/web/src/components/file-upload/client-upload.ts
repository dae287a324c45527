import type { HttpClient } from '../../lib/http-client';
import type { UploadFn } from './file-upload';

type Options = {
  method?: 'post' | 'put';
  field?: string;
  extra?: Record<string, string>;
  /** Sent with the upload beside the client's own (the photo box's device id). */
  headers?: Record<string, string>;
  /** Overrides the client's timeout (docs/product.md#server-calls: 7000 ms) for large files, when a caller needs it. */
  timeoutMs?: number;
};

/**
 * An `upload` for FileUpload that sends the file as multipart form data through an HTTP client
 * (normally the app's `apiClient`, so the bearer token and error rules apply) and reports its
 * `onUploadProgress` as a fraction. Resolves with the response body.
 */
export function makeClientUpload(client: HttpClient, url: string, options: Options = {}): UploadFn {
  const { method = 'post', field = 'file', extra = {}, headers, timeoutMs } = options;
  return async (file, onProgress) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(extra)) form.append(name, value);
    form.append(field, file);
    const response = await client.request({
      url,
      method,
      data: form,
      ...(headers ? { headers } : {}),
      ...(timeoutMs !== undefined ? { timeout: timeoutMs } : {}),
      onUploadProgress: (event) => {
        if (event.total) onProgress(event.loaded / event.total);
      },
    });
    return response.data;
  };
}
