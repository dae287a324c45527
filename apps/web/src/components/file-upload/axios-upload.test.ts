import axios, { type AxiosAdapter, AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { makeAxiosUpload } from './axios-upload';

describe('makeAxiosUpload', () => {
  it('sends the file as multipart form data and reports upload progress as a fraction', async () => {
    let sent: unknown;
    const adapter: AxiosAdapter = async (config) => {
      sent = config.data;
      config.onUploadProgress?.({ loaded: 25, total: 100, bytes: 25, lengthComputable: true });
      config.onUploadProgress?.({ loaded: 100, total: 100, bytes: 75, lengthComputable: true });
      return { data: { ok: true }, status: 200, statusText: 'OK', headers: {}, config };
    };
    const upload = makeAxiosUpload(axios.create({ adapter }), '/api/v1/uploads', {
      field: 'avatar',
    });
    const progress: number[] = [];
    const file = new File(['pixels'], 'cat.png', { type: 'image/png' });
    await expect(upload(file, (f) => progress.push(f))).resolves.toEqual({ ok: true });
    expect(progress).toEqual([0.25, 1]);
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('avatar')).toBeInstanceOf(File);
  });

  it('rejects when the endpoint does not exist, so the upload shows an error', async () => {
    const adapter: AxiosAdapter = async (config) => {
      const response = { data: {}, status: 404, statusText: 'Not Found', headers: {}, config };
      throw new AxiosError(
        'Request failed with status code 404',
        'ERR_BAD_REQUEST',
        config,
        {},
        response,
      );
    };
    const upload = makeAxiosUpload(axios.create({ adapter }), '/api/v1/nowhere');
    await expect(upload(new File(['x'], 'x.txt'), () => undefined)).rejects.toMatchObject({
      response: { status: 404 },
    });
  });
});
