import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/app-error';
import { MissingOriginalError } from '../../storage/image-processor';
import { type ProcessedArtwork, processArtwork } from '../../storage/images';
import { LocalDiskStorage, type Storage } from '../../storage/storage';
import {
  claimPendingImage,
  type ImageJob,
  markImageFailed,
  markImageReady,
  releaseImage,
} from './media.repository';
import {
  artworkKeyOf,
  displayAvifPath,
  displayWebpPath,
  filesOfImage,
  thumbPath,
} from './media-files';

export type ImageWorkerLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** What became of a job: the image is ready, or was given up on. */
export type ImageOutcome = { imageId: number; status: 'ready' | 'failed' };

export type ImageWorkerPoolOptions = {
  /** Jobs run at once by this process (config IMAGE_WORKERS); 0 leaves every job to drain(). */
  workers: number;
  log: ImageWorkerLog;
  /** How often idle workers look for jobs nobody woke them for (other processes, stale locks). */
  pollIntervalMs?: number;
  /** Attempts before a job that keeps failing (or crashing its process) is marked failed. */
  maxAttempts?: number;
  onOutcome?: (outcome: ImageOutcome) => void;
  /**
   * Does the encoding, of bytes or of a file on local disk; by default in this process (the
   * plugin passes a lowered child process's, storage/image-processor.ts).
   */
  processArtwork?: (input: Buffer | { file: string }) => Promise<ProcessedArtwork>;
};

export const IMAGE_MAX_ATTEMPTS = 3;

/**
 * The artwork processing pool (docs/decisions/036-artwork-images.md#worker-pool). Jobs are the
 * `pending` rows of `images`; each of `workers` loops claims one (SKIP LOCKED), re-encodes it off
 * the event loop (in a lowered child process, storage/image-processor.ts, one vips thread per
 * job), and claims the next
 * until none is left. Woken on enqueue, on start (rows a crash left behind) and by a slow poll.
 */
export class ImageWorkerPool {
  private readonly runners = new Set<Promise<void>>();
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  /** Bumped by every wake, so a runner that found nothing re-checks a job enqueued meanwhile. */
  private wakes = 0;
  private readonly options: Required<Omit<ImageWorkerPoolOptions, 'onOutcome'>> &
    Pick<ImageWorkerPoolOptions, 'onOutcome'>;
  private readonly encode: (input: Buffer | { file: string }) => Promise<ProcessedArtwork>;

  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    options: ImageWorkerPoolOptions,
  ) {
    this.options = {
      pollIntervalMs: 60_000,
      maxAttempts: IMAGE_MAX_ATTEMPTS,
      processArtwork: async (input) =>
        processArtwork(Buffer.isBuffer(input) ? input : await readFile(input.file)),
      ...options,
    };
    this.encode = this.options.processArtwork;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.wake();
  }

  /** Stops claiming and waits for the jobs in flight, so the database can close after them. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await Promise.all(this.runners);
  }

  /** A job was enqueued: start an idle worker, or tell the busy ones to look again. */
  wake(): void {
    this.wakes++;
    if (!this.started) return;
    while (this.runners.size < this.options.workers) {
      const runner: Promise<void> = this.run().finally(() => {
        this.runners.delete(runner);
        this.schedulePoll();
      });
      this.runners.add(runner);
    }
  }

  /**
   * Runs every claimable job to its end, beside the workers, and resolves when none is left and
   * no worker holds one. Tests call it instead of waiting.
   */
  async drain(): Promise<void> {
    for (;;) {
      await Promise.all(this.runners);
      const job = await claimPendingImage(this.db);
      if (job) await this.process(job);
      else if (this.runners.size === 0) return;
    }
  }

  private schedulePoll(): void {
    if (!this.started || this.runners.size > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), this.options.pollIntervalMs);
    // The poll alone must not keep a process alive that has nothing else to do.
    this.timer.unref();
  }

  private async run(): Promise<void> {
    try {
      while (this.started) {
        const seen = this.wakes;
        const job = await claimPendingImage(this.db);
        if (job) await this.process(job);
        else if (seen === this.wakes) return;
      }
    } catch (error) {
      // A database hiccup must not stop processing for good: the poll tries again later.
      this.options.log.error({ err: error }, 'image worker: claiming a job failed');
    }
  }

  /** One job: never throws; the row ends ready, failed, or handed back for another attempt. */
  private async process(job: ImageJob): Promise<void> {
    const startedAt = performance.now();
    try {
      if (job.attempts > this.options.maxAttempts) {
        // Claimed this often without an outcome: it crashed its process each time.
        return await this.fail(job, 'image processing given up after repeated crashes');
      }
      const original = await this.originalOf(job.originalKey);
      if (!original) return await this.fail(job, 'image original is missing');
      const processed = await this.encode(original);
      const key = artworkKeyOf(randomUUID());
      await this.storage.put(displayWebpPath(key), processed.display, 'image/webp');
      await this.storage.put(thumbPath(key), processed.thumb, 'image/webp');
      if (processed.avif)
        await this.storage.put(displayAvifPath(key), processed.avif, 'image/avif');
      const recorded = await markImageReady(this.db, job.id, {
        key,
        hasAvif: processed.avif !== null,
        width: processed.width,
        height: processed.height,
        placeholder: processed.placeholder,
        processingMs: Math.round(performance.now() - startedAt),
      });
      // Deleted while it was processed: its new files belong to nobody.
      const orphans = filesOfImage({ key: recorded ? null : key, originalKey: job.originalKey });
      await this.removeFiles(orphans);
      if (recorded) this.options.onOutcome?.({ imageId: job.id, status: 'ready' });
    } catch (error) {
      if (error instanceof MissingOriginalError || (error as { code?: string }).code === 'ENOENT') {
        return await this.fail(job, 'image original is missing');
      }
      if (error instanceof ValidationError) {
        return await this.fail(job, 'image is not a readable JPEG, PNG or WebP');
      }
      this.options.log.warn(
        { imageId: job.id, attempts: job.attempts, err: error },
        'image processing failed',
      );
      if (job.attempts >= this.options.maxAttempts) {
        await this.fail(job, 'image processing failed for good').catch(() => undefined);
      } else {
        await releaseImage(this.db, job.id).catch(() => undefined);
      }
    }
  }

  /**
   * The upload to process: on local disk its file (the encoder reads it, so 10 MB photos never
   * pass through this process's heap), else its bytes; undefined when there is none.
   */
  private async originalOf(key: string | null): Promise<Buffer | { file: string } | undefined> {
    if (!key) return undefined;
    if (this.storage instanceof LocalDiskStorage) return { file: this.storage.fileOf(key) };
    return this.storage.get(key);
  }

  /** Gives a job up: the original goes (it may carry a location), the row says failed. */
  private async fail(job: ImageJob, reason: string): Promise<void> {
    this.options.log.warn({ imageId: job.id, attempts: job.attempts }, reason);
    await markImageFailed(this.db, job.id);
    await this.removeFiles(job.originalKey ? [job.originalKey] : []);
    this.options.onOutcome?.({ imageId: job.id, status: 'failed' });
  }

  private async removeFiles(paths: string[]): Promise<void> {
    await Promise.all(paths.map((path) => this.storage.delete(path)));
  }
}
