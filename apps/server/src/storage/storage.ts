import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { MEDIA_PREFIX, signPath } from './signed-urls';

/**
 * Where uploaded files live: local disk by default, an S3-compatible bucket when S3_* is set
 * (storage/s3-storage.ts, docs/decisions/036-artwork-images.md#s3). Paths are relative,
 * `/`-separated, and chosen by the server (never by a client). Public files (avatars, programme
 * images) are reached at urlFor; private ones (`artworks/`, `originals/`) only at signedUrl.
 */
export interface Storage {
  put(path: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or undefined when there is none. */
  get(path: string): Promise<Buffer | undefined>;
  /** Removing a path that does not exist is not an error. */
  delete(path: string): Promise<void>;
  /** The URL a browser fetches a public file at. */
  urlFor(path: string): string;
  /**
   * A URL that reaches a private file until `expiresAt` and is not guessable. Identical for the
   * same path and expiry, so browsers cache it (signed-urls.ts: signedUrlExpiry). `shared`: the
   * address goes to someone outside the family and staff, so it must stop serving within a minute
   * of the work no longer being shared (docs/decisions/068-moderation-that-holds.md).
   */
  signedUrl(path: string, expiresAt: Date, shared?: boolean): Promise<string>;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The content type of a stored file by its extension; extension-less originals are opaque. */
export function contentTypeOf(path: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return (ext && CONTENT_TYPES[ext]) ?? 'application/octet-stream';
}

/**
 * Files under `root` on local disk: public ones served by the uploads plugin at `publicPrefix`,
 * private ones by the signed /media route (storage.plugin.ts).
 */
export class LocalDiskStorage implements Storage {
  readonly root: string;
  /** Signs /media URLs; a random one (this process only) unless the plugin passes the app's. */
  readonly signingKey: Buffer;
  /**
   * Whether a shared address's file may still be served (the gallery sets it: the work is still
   * shared and not hidden). Until then none is.
   */
  stillShared: (path: string) => Promise<boolean> = async () => false;

  constructor(
    root: string,
    private readonly publicPrefix = '/uploads',
    options: { signingKey?: Buffer } = {},
  ) {
    this.root = resolve(root);
    this.signingKey = options.signingKey ?? randomBytes(32);
  }

  /** The file of `path`; throws for a path that leaves the root (`..`, absolute). */
  fileOf(path: string): string {
    const file = resolve(join(this.root, path));
    // Paths come from the server, but a bug must never write outside the uploads directory.
    if (!file.startsWith(this.root + sep))
      throw new Error(`storage path escapes the root: ${path}`);
    return file;
  }

  // Local files need no content type: the servers derive it from the extension.
  async put(path: string, data: Buffer, _contentType?: string): Promise<void> {
    const file = this.fileOf(path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, data);
  }

  async get(path: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.fileOf(path));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(path: string): Promise<void> {
    await rm(this.fileOf(path), { force: true });
  }

  urlFor(path: string): string {
    return `${this.publicPrefix}/${path}`;
  }

  async signedUrl(path: string, expiresAt: Date, shared = false): Promise<string> {
    this.fileOf(path);
    return `${MEDIA_PREFIX}/${path}?${signPath(this.signingKey, path, expiresAt, shared)}`;
  }
}
