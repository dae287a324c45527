import { describe, expect, it } from 'vitest';
import { createHttpClient, type HttpAdapter, HttpHeaders } from '../../lib/http-client';
import { makeClientUpload } from './client-upload';

describe('makeClientUpload', () => {
  it('sends the file as multipart form data and reports upload progress as a fraction', async () => {
    let sent: unknown;
    const adapter: HttpAdapter = async (request) => {
      sent = request.data;
      request.onUploadProgress?.({ loaded: 25, total: 100 });
      request.onUploadProgress?.({ loaded: 60 });
      request.onUploadProgress?.({ loaded: 100, total: 100 });
      return { data: { ok: true }, status: 200, headers: new HttpHeaders() };
    };
    const upload = makeClientUpload(createHttpClient({ adapter }), '/api/v1/uploads', {
      field: 'avatar',
    });
    const progress: number[] = [];
    const file = new File(['pixels'], 'cat.png', { type: 'image/png' });
    await expect(upload(file, (f) => progress.push(f))).resolves.toEqual({ ok: true });
    // A report without a known total is not a fraction: it is skipped.
    expect(progress).toEqual([0.25, 1]);
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('avatar')).toBeInstanceOf(File);
  });

  it('rejects when the endpoint does not exist, so the upload shows an error', async () => {
    const adapter: HttpAdapter = async () => ({
      data: {},
      status: 404,
      headers: new HttpHeaders(),
    });
    const upload = makeClientUpload(createHttpClient({ adapter }), '/api/v1/nowhere');
    await expect(upload(new File(['x'], 'x.txt'), () => undefined)).rejects.toMatchObject({
      code: 'ERR_BAD_REQUEST',
      response: { status: 404 },
    });
  });
});
