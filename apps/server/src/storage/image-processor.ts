import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { IMAGE_TYPE_MESSAGE } from '@atelier/contract';
import { ValidationError } from '../lib/app-error';
import type { ProcessedArtwork } from './images';

type Reply =
  | { ready: true }
  | { id: number; result: ProcessedArtwork }
  | { id: number; error: string };
type Waiting = { resolve(result: ProcessedArtwork): void; reject(error: Error): void };

const CHILD = fileURLToPath(new URL('./image-processor.child.ts', import.meta.url));

/** The original to process is not in storage (deleted meanwhile, or lost). */
export class MissingOriginalError extends Error {
  constructor() {
    super('image original is missing');
    this.name = 'MissingOriginalError';
  }
}

const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/**
 * Runs processArtwork in a child process at a lowered priority (image-processor.child.ts), so an
 * encode uses the CPU the event loop leaves idle instead of competing with it: on two cores, with
 * the encodes at the event loop's priority, GET /users/me p99 during uploads was several times its
 * idle p99 (bench: images). libuv's thread pool is one per process, so a worker thread could not
 * be lowered alone. Started on the first job, restarted after a crash, stopped by close().
 */
export class ImageProcessor {
  private child: ChildProcess | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;

  /** `log`: where the child's own complaints (its stderr) go, one line at a time. */
  constructor(private readonly log?: { warn(obj: object, msg: string): void }) {}

  /**
   * Processes the upload's bytes, or its file on local disk (read by the child, so the bytes never
   * pass through the server's heap). A file that is not there rejects with MissingOriginalError.
   */
  process(input: Buffer | { file: string }): Promise<ProcessedArtwork> {
    const child = this.child ?? this.start();
    const id = this.nextId++;
    const message = Buffer.isBuffer(input) ? { id, data: input } : { id, file: input.file };
    return new Promise<ProcessedArtwork>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      child.send(message, (error) => {
        if (error) this.settle(id, { id, error: error.message });
      });
    });
  }

  /** Stops the child; jobs still waiting fail (the pool hands them back). */
  async close(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
  }

  private start(): ChildProcess {
    const child = fork(CHILD, [], {
      // The server runs TypeScript through tsx; so does its child.
      execArgv: ['--import', 'tsx'],
      serialization: 'advanced',
      // Never the server's own stdout and stderr: a child that shares the pipe makes it blocking
      // for both (its stdio setup), and a blocking write to a log nobody reads any more then holds
      // the server's exit for ever (server.test.ts, "stops reading").
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      for (const line of text.split('\n')) {
        if (line.trim()) this.log?.warn({ imageProcessor: line.trim() }, 'image processor stderr');
      }
    });
    child.on('message', (reply: Reply) => {
      if ('id' in reply) this.settle(reply.id, reply);
    });
    child.on('exit', () => {
      if (this.child === child) this.child = undefined;
      for (const id of [...this.waiting.keys()]) {
        this.settle(id, { id, error: 'image processor exited' });
      }
    });
    child.on('error', () => undefined); // reported through 'exit'
    this.child = child;
    return child;
  }

  private settle(id: number, reply: Exclude<Reply, { ready: true }>): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    if ('result' in reply) {
      const r = reply.result;
      waiting.resolve({
        ...r,
        display: asBuffer(r.display),
        thumb: asBuffer(r.thumb),
        avif: r.avif ? asBuffer(r.avif) : null,
      });
    } else if (reply.error === 'missing') {
      waiting.reject(new MissingOriginalError());
    } else if (reply.error === 'invalid') {
      waiting.reject(new ValidationError([{ field: 'image', detail: IMAGE_TYPE_MESSAGE }]));
    } else {
      waiting.reject(new Error(reply.error));
    }
  }
}
