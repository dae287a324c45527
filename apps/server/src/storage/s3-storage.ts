import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config';
import {
  isPrivatePath,
  SHARED_CHECK_TTL_MS,
  sharedSigningStart,
  signingWindowStart,
} from './signed-urls';
import type { Storage } from './storage';

/**
 * Files in an S3-compatible bucket through the official AWS SDK (docs/decisions/036-artwork-images.md#s3).
 * Every object is private to the bucket: public files (avatars, programme images) keep their
 * `/uploads/…` URL, which the storage plugin answers with a redirect to a presigned URL;
 * artwork gets presigned URLs directly. Presigning uses the start of the 12-hour window as its
 * signing date, so a file's URL is the same all window long and browsers cache it.
 */
export class S3Storage implements Storage {
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    config: S3Config,
    private readonly publicPrefix = '/uploads',
  ) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // Checksums only where S3 demands them: several S3-compatible stores reject the SDK's
      // default CRC32 trailers on plain uploads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(path: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: path,
        Body: data,
        ContentType: contentType,
        // Every object has a fresh random name and is never rewritten. A private one's URL lives
        // at most 24 hours, and only the signed-in browser that got it may keep it.
        CacheControl: isPrivatePath(path)
          ? 'private, max-age=86400, immutable'
          : 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(path: string): Promise<Buffer | undefined> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: path }),
      );
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') {
        return undefined;
      }
      throw error;
    }
  }

  async delete(path: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: path }));
  }

  urlFor(path: string): string {
    return `${this.publicPrefix}/${path}`;
  }

  async signedUrl(path: string, expiresAt: Date, shared = false): Promise<string> {
    const now = new Date();
    // A fixed signing date per window: the same path and expiry sign to the same URL.
    const signingDate = shared ? sharedSigningStart(now) : signingWindowStart(now);
    // A bucket cannot ask whether the work is still shared: a shared address simply lives no
    // longer than the minute a withdrawal may take (docs/decisions/068-moderation-that-holds.md).
    const expiresIn = shared
      ? (2 * SHARED_CHECK_TTL_MS) / 1000
      : Math.round((expiresAt.getTime() - signingDate.getTime()) / 1000);
    // SigV4 allows at most 7 days; expiries come from signedUrlExpiry (≤ 24 h after signing).
    if (expiresIn <= 0 || expiresIn > (7 * 24 * 60 * 60_000) / 1000) {
      throw new Error(`signed URL expiry out of range: ${expiresAt.toISOString()}`);
    }
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: path }), {
      expiresIn,
      signingDate,
    });
  }

  /** Closes the SDK's connections (the app closing). */
  close(): void {
    this.client.destroy();
  }
}
