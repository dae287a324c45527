import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where uploaded files live. Local disk by default; an S3-compatible store can implement the same
 * three calls later (docs/architecture.md#shape-of-the-system) without any caller changing. Paths are relative, `/`-separated,
 * and chosen by the server (never by a client).
 */
export interface Storage {
  put(path: string, data: Buffer, contentType: string): Promise<void>;
  /** Removing a path that does not exist is not an error. */
  delete(path: string): Promise<void>;
  /** The URL a browser fetches the file at. */
  urlFor(path: string): string;
}

/** Files under `root` on local disk, served by the uploads plugin at `publicPrefix`. */
export class LocalDiskStorage implements Storage {
  readonly root: string;

  constructor(
    root: string,
    private readonly publicPrefix = '/uploads',
  ) {
    this.root = resolve(root);
  }

  private fileOf(path: string): string {
    const file = resolve(join(this.root, path));
    // Paths come from the server, but a bug must never write outside the uploads directory.
    if (!file.startsWith(this.root + sep))
      throw new Error(`storage path escapes the root: ${path}`);
    return file;
  }

  // Local files need no content type: the static server derives it from the extension.
  async put(path: string, data: Buffer, _contentType?: string): Promise<void> {
    const file = this.fileOf(path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, data);
  }

  async delete(path: string): Promise<void> {
    await rm(this.fileOf(path), { force: true });
  }

  urlFor(path: string): string {
    return `${this.publicPrefix}/${path}`;
  }
}
