import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A response body's ETag and its compressed forms, each made the first time it is asked for. */
export type EncodedBody = {
  etag: string;
  encoded(encoding: 'br' | 'gzip'): Promise<Buffer>;
};

/**
 * The ETag and lazily compressed forms of a body that is cached and sent many times, so each is
 * made once per body. `brotliParams`: the caller's brotli settings (zlib.constants keys).
 */
export function lazilyEncoded(bytes: Buffer, brotliParams: Record<number, number>): EncodedBody {
  const variants = new Map<'br' | 'gzip', Promise<Buffer>>();
  return {
    etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`,
    encoded(encoding) {
      let variant = variants.get(encoding);
      if (!variant) {
        variant =
          encoding === 'br'
            ? brotliAsync(bytes, { params: brotliParams })
            : gzipAsync(bytes, { level: 6 });
        variants.set(encoding, variant);
      }
      return variant;
    },
  };
}
