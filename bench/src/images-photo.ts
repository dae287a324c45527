import sharp from 'sharp';

/**
 * A 12-megapixel (4000×3000) phone-like JPEG: smooth colour regions from upscaled noise with a
 * fine grain on top, so it compresses (and decodes, and re-encodes) like a real photo, ~5 MB.
 */
export async function twelveMegapixelPhoto(): Promise<Buffer> {
  const regions = await sharp({
    create: {
      width: 500,
      height: 375,
      channels: 3,
      // Ignored when noise is given, but the type asks for it.
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const grain = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      // Ignored when noise is given, but the type asks for it.
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .png()
    .toBuffer();
  return sharp(regions)
    .resize(4000, 3000, { kernel: 'cubic' })
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}
