import { ARTWORK_MAX_BYTES, GALLERY_MESSAGES, POST_IMAGES_MAX } from '@atelier/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../plugins/errors';
import { fileParts, multipartBody } from './multipart-testing';
import { ARTWORK_UPLOADS, acceptUploads } from './storage.plugin';
import { readMultipartFiles } from './uploads';

describe('readMultipartFiles (artwork limits)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(errorsPlugin);
    await app.register(async (scope) => {
      await acceptUploads(scope, ARTWORK_UPLOADS);
      scope.post('/upload', async (request) => {
        const { fields, files } = await readMultipartFiles(request, 'images', {
          max: POST_IMAGES_MAX,
        });
        return { fields, sizes: files.map((f) => f.length) };
      });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (body: ReturnType<typeof multipartBody>) =>
    app.inject({ method: 'POST', url: '/upload', ...body });
  const fieldError = (detail: string) => ({
    errors: [
      expect.objectContaining({
        status: '422',
        meta: { type: 'validate', field: 'images' },
        detail,
      }),
    ],
  });

  it('reads every file of the field and the text fields', async () => {
    const files = Array.from({ length: POST_IMAGES_MAX }, (_, i) => Buffer.alloc(i + 1, 1));
    const res = await post(
      multipartBody([{ name: 'caption', value: 'Sunflowers' }, ...fileParts('images', files)]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      fields: { caption: 'Sunflowers' },
      sizes: files.map((f) => f.length),
    });
  });

  it('accepts a file of exactly ARTWORK_MAX_BYTES and refuses one byte more', async () => {
    const exact = await post(multipartBody(fileParts('images', [Buffer.alloc(ARTWORK_MAX_BYTES)])));
    expect(exact.statusCode).toBe(200);
    const over = await post(
      multipartBody(fileParts('images', [Buffer.alloc(10), Buffer.alloc(ARTWORK_MAX_BYTES + 1)])),
    );
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject(fieldError(GALLERY_MESSAGES.artworkTooLarge));
  });

  it('refuses more than POST_IMAGES_MAX files, and none', async () => {
    const many = Array.from({ length: POST_IMAGES_MAX + 1 }, () => Buffer.alloc(5, 1));
    const tooMany = await post(multipartBody(fileParts('images', many)));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject(fieldError(GALLERY_MESSAGES.tooManyImages));

    const none = await post(multipartBody([{ name: 'caption', value: 'x' }]));
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject(fieldError(GALLERY_MESSAGES.imagesRequired));
  });

  it('answers a malformed or non-multipart body with 400, never 500', async () => {
    const body = multipartBody(fileParts('images', [Buffer.alloc(100, 1)]));
    const cut = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: body.headers,
      payload: body.payload.subarray(0, 60),
    });
    expect(cut.statusCode).toBe(400);
    const wrongBoundary = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=nope' },
      payload: body.payload,
    });
    expect(wrongBoundary.statusCode).toBe(400);
    const json = await app.inject({ method: 'POST', url: '/upload', payload: { images: [] } });
    expect(json.statusCode).toBe(400);
  });
});
