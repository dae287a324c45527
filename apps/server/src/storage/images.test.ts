import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../lib/app-error';
import { createImageStore, reencodeImage } from './images';
import { LocalDiskStorage } from './storage';

/** A 200×100 JPEG that says "rotate 90° clockwise" and carries identifying EXIF. */
async function photoWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 100, channels: 3, background: '#41d9a0' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Copyright: 'Secret Photographer', Make: 'PhoneCo' } })
    .toBuffer();
}

describe('image re-encoding', () => {
  it('turns the image upright by its EXIF orientation and strips every metadata block', async () => {
    const input = await photoWithExif();
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif).toBeDefined();
    expect(inputMeta.orientation).toBe(6);
    expect(input.includes(Buffer.from('Secret Photographer'))).toBe(true);

    const { display, thumb } = await reencodeImage(input);
    const meta = await sharp(display).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([100, 200]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(display.includes(Buffer.from('Secret Photographer'))).toBe(false);

    const thumbMeta = await sharp(thumb).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([320, 320]);
    expect(thumbMeta.exif).toBeUndefined();
  });

  it('shrinks large images to 1600 px on the longest side and never enlarges small ones', async () => {
    const big = await sharp({
      create: { width: 4000, height: 2000, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    const small = await sharp({
      create: { width: 50, height: 40, channels: 4, background: '#000' },
    })
      .webp()
      .toBuffer();
    expect((await reencodeImage(big)).width).toBe(1600);
    const s = await reencodeImage(small);
    expect([s.width, s.height]).toEqual([50, 40]);
  });

  it('refuses GIF, SVG and non-images with a 422 on the named field', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    for (const data of [gif, svg, Buffer.from('not an image at all')]) {
      const error = await reencodeImage(data, 'avatar').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).fields).toEqual([
        { field: 'avatar', detail: 'Upload a JPEG, PNG or WebP image' },
      ]);
    }
  });

  it('refuses a truncated JPEG whose header looks fine', async () => {
    const whole = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#123' },
    })
      .jpeg()
      .toBuffer();
    const error = await reencodeImage(whole.subarray(0, whole.length / 2)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
  });
});

describe('image store on local disk', () => {
  it('stores a display size and a thumbnail under the kind, and deletes both', async () => {
    const root = mkdtempSync(join(tmpdir(), 'atelier-uploads-'));
    const images = createImageStore(new LocalDiskStorage(root, '/uploads'));
    const stored = await images.storeImage(await photoWithExif(), { kind: 'avatars' });
    expect(stored.key).toMatch(/^avatars\/[0-9a-f-]{36}$/);
    expect(stored.url).toBe(`/uploads/${stored.key}.webp`);
    expect(stored.thumbUrl).toBe(`/uploads/${stored.key}-thumb.webp`);
    const file = join(root, `${stored.key}.webp`);
    expect((await sharp(readFileSync(file)).metadata()).exif).toBeUndefined();
    await images.deleteImage(stored.key);
    expect(() => readFileSync(file)).toThrow();
  });

  it('never writes outside its root', async () => {
    const storage = new LocalDiskStorage(mkdtempSync(join(tmpdir(), 'atelier-uploads-')));
    await expect(storage.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /escapes the root/,
    );
  });
});
