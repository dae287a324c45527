// The image processor's child process (image-processor.ts). Every thread of it runs at a lowered
// priority, so an encode yields the CPU to the server's event loop
// (docs/decisions/036-artwork-images.md#worker-pool).
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

export const IMAGE_PROCESSOR_NICE = 10;

/**
 * Linux keeps a nice value per thread, and libuv's pool threads started (loading this module)
 * before any code here ran: lower each thread, and again after a job (libvips starts its threads
 * lazily; those inherit the value of the thread that starts them, lowered by then).
 */
function lowerEveryThread(): void {
  try {
    for (const tid of readdirSync('/proc/self/task'))
      setPriority(Number(tid), IMAGE_PROCESSOR_NICE);
  } catch {
    // Not Linux, or not permitted: the encodes then compete at normal priority.
    try {
      setPriority(0, IMAGE_PROCESSOR_NICE);
    } catch {}
  }
}
lowerEveryThread();

/** The upload's bytes, or its file on local disk (read here, sparing the server's heap). */
type Job = { id: number; data: Uint8Array } | { id: number; file: string };

// Imported after the priority is set: sharp must not start a thread before.
const sharp = (await import('sharp')).default;
const { processArtwork } = await import('./images');
const { ValidationError } = await import('../lib/app-error');
sharp.concurrency(1);

const { readFile } = await import('node:fs/promises');

process.on('message', async (job: Job) => {
  const { id } = job;
  try {
    let data: Buffer;
    try {
      data =
        'file' in job
          ? await readFile(job.file)
          : Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength);
    } catch {
      process.send?.({ id, error: 'missing' });
      return;
    }
    const result = await processArtwork(data);
    process.send?.({ id, result });
    lowerEveryThread();
  } catch (error) {
    const invalid = error instanceof ValidationError;
    process.send?.({ id, error: invalid ? 'invalid' : String((error as Error)?.message ?? error) });
  }
});
process.send?.({ ready: true });
