import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

// docs/product.md#childrens-privacy: no stored photo keeps a location or any other metadata.
// A phone photo with GPS EXIF, XMP and an ICC profile goes through the whole pipeline; then every
// file under the storage root is opened and must carry none of it.

const XMP = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Private Parent XMP</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

async function phonePhoto(): Promise<Buffer> {
  // Noise, so the encoders have real work and the files are not trivially tiny.
  const noise = Buffer.alloc(800 * 600 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width: 800, height: 600, channels: 3 } })
    .jpeg({ quality: 85 })
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Phone 12', Copyright: 'Private Parent EXIF' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '35/1 39/1 3133/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '139/1 42/1 1741/100',
      },
    })
    .withXmp(XMP)
    .toBuffer();
}

// Byte markers of metadata blocks in JPEG, WebP (RIFF chunks) and AVIF (HEIF items and boxes),
// and the identifying strings the photo carried.
const MARKERS = [
  'Exif\0\0',
  'EXIF',
  'XMP ',
  'xmpmeta',
  'http://ns.adobe.com/xap/1.0/',
  'ICC_PROFILE',
  'ICCP',
  'Photoshop 3.0',
  'Private Parent',
  'PhoneCo',
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
}

async function expectNoMetadata(label: string, data: Buffer): Promise<void> {
  const meta = await sharp(data).metadata();
  expect(meta.exif, label).toBeUndefined();
  expect(meta.xmp, label).toBeUndefined();
  expect(meta.icc, label).toBeUndefined();
  expect(meta.iptc, label).toBeUndefined();
  expect(meta.orientation, label).toBeUndefined();
  for (const marker of MARKERS) {
    expect(data.includes(Buffer.from(marker)), `${label} contains ${JSON.stringify(marker)}`).toBe(
      false,
    );
  }
}

describe('artwork metadata', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps no metadata in any stored file, nor in the placeholder', async () => {
    const input = await phonePhoto();
    const inputMeta = await sharp(input).metadata();
    // The photo really carries what must go.
    expect(inputMeta.exif).toBeDefined();
    expect(inputMeta.xmp).toBeDefined();
    expect(inputMeta.icc).toBeDefined();
    // The GPS IFD pointer (tag 0x8825), in either byte order.
    const exif = inputMeta.exif ?? Buffer.alloc(0);
    expect(
      exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])),
    ).toBe(true);
    expect(input.includes(Buffer.from('Private Parent EXIF'))).toBe(true);
    expect(input.includes(Buffer.from('Private Parent XMP'))).toBe(true);

    const { imageId } = await t.app.media.acceptUpload(input, 'images');
    await t.app.media.drain();
    const view = (await t.app.media.imageViews([imageId])).get(imageId);
    expect(view?.status).toBe('ready');

    const root = join(t.config.dataDir, 'uploads');
    const files = filesUnder(root);
    // Display WebP and thumbnail at least (AVIF when smaller); the original is gone.
    expect(files.length).toBeGreaterThanOrEqual(2);
    expect(files.every((f) => f.includes(`${join(root, 'artworks')}`))).toBe(true);
    for (const file of files) await expectNoMetadata(file, readFileSync(file));

    const placeholder = Buffer.from(view?.placeholder?.split(',')[1] ?? '', 'base64');
    await expectNoMetadata('placeholder', placeholder);
    // The encoder is a lowered child process: on a busy machine it waits for idle CPU.
  }, 60_000);
});
