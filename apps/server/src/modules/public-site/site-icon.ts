import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import { REPO_ROOT } from '../../config';

/** Where the site's icon is served: `/favicon.ico` is what browsers ask for unprompted. */
export const SITE_ICON_PATHS = { ico: '/favicon.ico', svg: '/favicon.svg' } as const;

export type SiteIcon = { svg: Buffer; ico: Buffer };

/**
 * The web app's icon (apps/web/public/favicon.svg, copied into the build), so the site and the app
 * look alike in a tab: from the built app when there is one, else from the sources. Null when
 * neither is found; pages then link no icon.
 */
export async function loadSiteIcon(webDistDir: string): Promise<SiteIcon | null> {
  for (const file of [
    join(webDistDir, 'favicon.svg'),
    join(REPO_ROOT, 'apps/web/public/favicon.svg'),
  ]) {
    let svg: Buffer;
    try {
      svg = readFileSync(file);
    } catch {
      continue;
    }
    const png = await sharp(svg, { density: 300 }).resize(32, 32).png().toBuffer();
    return { svg, ico: icoOf(png, 32) };
  }
  return null;
}

/**
 * An ICO file holding one PNG image (allowed since Windows Vista, read by every current browser):
 * a 6-byte header (reserved 0, type 1 = icon, 1 image), one 16-byte directory entry (width,
 * height, no palette, reserved, 1 plane, 32 bits per pixel, the PNG's length and offset), then the
 * PNG.
 */
export function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  // The format has one byte per side: 0 stands for 256.
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8);
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(header.length, 18);
  return Buffer.concat([header, png]);
}

/** The icon in both forms; cached for a day (the name has no hash: it must stay `/favicon.ico`). */
export const siteIconRoutes: FastifyPluginAsync<{ icon: SiteIcon }> = async (app, { icon }) => {
  const forms = [
    [SITE_ICON_PATHS.ico, 'image/x-icon', icon.ico],
    [SITE_ICON_PATHS.svg, 'image/svg+xml', icon.svg],
  ] as const;
  for (const [path, type, bytes] of forms) {
    app.get(path, { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type(type).send(bytes),
    );
  }
};
