import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, PHOTO_BOXES_API, photoBoxListDocumentSchema } from '@atelier/contract';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { processArtwork } from '../../apps/server/src/storage/images';
import { demoAccount, signIn } from './harness/api';
import { alternateRounds, percentile } from './harness/load';
import { REPO_ROOT } from './harness/paths';
import { type Bench, formatInt, formatKb, formatMs, formatRatio, target } from './harness/report';
import { startServer } from './harness/server';
import { loadSettings } from './harness/settings';
import { twelveMegapixelPhoto } from './images-photo';

/** Decision 036: GET /users/me p99 during 10 parallel uploads stays within 3× of idle. */
export const MAX_UPLOAD_P99_RATIO = 3;
export const PARALLEL_UPLOADS = 10;
/** A steady trickle of /me requests: measures latency without being load itself. */
const ME_RATE_PER_S = 100;
const ME_CONNECTIONS = 2;
const PROCESSING_SAMPLES = 3;
/** How long /me is measured from the start of the uploads (10 photos take longer to process). */
const UPLOAD_WINDOW_S = 8;
const UPLOADER = fileURLToPath(new URL('./images-uploader.ts', import.meta.url));

type Run = { latenciesMs: number[]; at: number[]; requests: number; bad: number };

function load(options: autocannon.Options): { done: Promise<Run>; stop(): void } {
  const latenciesMs: number[] = [];
  const at: number[] = [];
  let instance: autocannon.Instance | undefined;
  const done = new Promise<Run>((resolve, reject) => {
    instance = autocannon(options, (error, result) =>
      error
        ? reject(error)
        : resolve({
            latenciesMs,
            at,
            requests: result.requests.total,
            bad: result.non2xx + result.errors + result.timeouts,
          }),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) {
        latenciesMs.push(ms);
        at.push(performance.now());
      }
    });
  });
  return { done, stop: () => instance?.stop() };
}

/** One photo through the server's pipeline in this process, one vips thread as the pool runs it. */
async function processingCost(photo: Buffer) {
  sharp.concurrency(1);
  await processArtwork(photo); // warm-up
  const times: number[] = [];
  let last: Awaited<ReturnType<typeof processArtwork>> | undefined;
  for (let i = 0; i < PROCESSING_SAMPLES; i++) {
    const t0 = performance.now();
    last = await processArtwork(photo);
    times.push(performance.now() - t0);
  }
  if (!last) throw new Error('no processing sample');
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)] ?? Number.NaN, times, last };
}

async function openBoxToken(baseUrl: string, teacherToken: string): Promise<string> {
  const res = await fetch(`${baseUrl}${PHOTO_BOXES_API.boxes}`, {
    headers: { authorization: `Bearer ${teacherToken}` },
  });
  if (!res.ok) throw new Error(`${PHOTO_BOXES_API.boxes} answered ${res.status}`);
  const box = photoBoxListDocumentSchema
    .parse(await res.json())
    .data.find((b) => b.attributes.open);
  if (!box) throw new Error('the demo seed opened no photo box');
  return box.attributes.token;
}

/** Photos of the box not yet processed (the teacher's list shows each image's status). */
async function pendingImages(baseUrl: string, teacherToken: string): Promise<number> {
  const res = await fetch(`${baseUrl}${PHOTO_BOXES_API.boxes}`, {
    headers: { authorization: `Bearer ${teacherToken}` },
  });
  const boxes = photoBoxListDocumentSchema.parse(await res.json()).data;
  return boxes.flatMap((b) => b.attributes.photos).filter((p) => p.image.status === 'pending')
    .length;
}

/**
 * A child process (images-uploader.ts) ready to send PARALLEL_UPLOADS uploads at once: `go()`
 * starts them and resolves with each one's milliseconds.
 */
async function readyUploader(url: string, photoFile: string): Promise<{ go(): Promise<number[]> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', UPLOADER, url, photoFile, String(PARALLEL_UPLOADS)],
    { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.setEncoding('utf8');
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      if (out.startsWith('ready\n')) resolve();
    });
    exited.then(() => reject(new Error('the uploader exited before it was ready')));
  });
  return {
    async go() {
      child.stdin.write('go\n');
      const code = await exited;
      if (code !== 0) throw new Error(`the uploader exited with ${code}`);
      return JSON.parse(out.slice('ready\n'.length)) as number[];
    },
  };
}

export const imagesBench: Bench = {
  name: 'images',
  title: `Artwork processing per 12-megapixel photo, and GET ${API.me} p99 during ${PARALLEL_UPLOADS} parallel uploads`,
  async run() {
    const settings = loadSettings();
    const photo = await twelveMegapixelPhoto();
    const cost = await processingCost(photo);

    const photoDir = mkdtempSync(join(tmpdir(), 'atelier-images-bench-'));
    const photoFile = join(photoDir, 'photo.jpg');
    writeFileSync(photoFile, photo);
    const server = await startServer();
    try {
      const token = await signIn(server.url, demoAccount('student@atelier.test'));
      const teacherToken = await signIn(server.url, demoAccount('teacher@atelier.test'));
      const boxToken = await openBoxToken(server.url, teacherToken);
      const uploadUrl = `${server.url}${PHOTO_BOXES_API.upload(boxToken)}`;
      const me: autocannon.Options = {
        url: `${server.url}${API.me}`,
        headers: { authorization: `Bearer ${token}` },
        connections: ME_CONNECTIONS,
        overallRate: ME_RATE_PER_S,
        duration: settings.durationS,
      };

      await load({ ...me, duration: settings.warmupS }).done;
      const idle: Run[] = [];
      const during: Run[] = [];
      // The same /me responses, split at the moment the last upload was answered.
      const receiving: Run[] = [];
      const processing: Run[] = [];
      const uploadMs: number[] = [];
      const busyMs: number[] = [];
      const stillPending: number[] = [];
      await alternateRounds(
        settings.rounds,
        async () => {
          idle.push(await load(me).done);
        },
        async () => {
          // /me runs from the first upload byte for UPLOAD_WINDOW_S, while the server receives
          // the photos and the pool processes them; nothing else asks the server anything then.
          const uploader = await readyUploader(uploadUrl, photoFile);
          const t0 = performance.now();
          const meRun = load({ ...me, duration: UPLOAD_WINDOW_S });
          const uploads = await uploader.go();
          uploadMs.push(...uploads);
          const uploadedAt = performance.now();
          const run = await meRun.done;
          // Still processing when the window closed: the whole window was under load.
          stillPending.push(await pendingImages(server.url, teacherToken));
          while ((await pendingImages(server.url, teacherToken)) > 0) {
            await new Promise((resolve) => setTimeout(resolve, 1000));
          }
          busyMs.push(performance.now() - t0);
          during.push(run);
          const split = (keep: (t: number) => boolean): Run => ({
            ...run,
            latenciesMs: run.latenciesMs.filter((_, i) => keep(run.at[i] ?? 0)),
          });
          receiving.push(split((t) => t <= uploadedAt));
          processing.push(split((t) => t > uploadedAt));
        },
      );

      const merged = (runs: Run[]) => {
        const latencies = Float64Array.from(runs.flatMap((r) => r.latenciesMs)).sort();
        return {
          p50: percentile(latencies, 0.5),
          p99: percentile(latencies, 0.99),
          requests: latencies.length,
          bad: runs.reduce((n, r) => n + r.bad, 0),
        };
      };
      const idleStats = merged(idle);
      const uploadStats = merged(during);
      if (idleStats.bad > 0 || uploadStats.bad > 0) {
        throw new Error(
          `errors under load: /me idle ${idleStats.bad}, during uploads ${uploadStats.bad}`,
        );
      }
      const ratio = uploadStats.p99 / idleStats.p99;
      const sortedUploads = Float64Array.from(uploadMs).sort();
      const meanBusyS = busyMs.reduce((a, b) => a + b, 0) / busyMs.length / 1000;
      return {
        tables: [
          {
            title: `One ${photo.length.toLocaleString('en-US')}-byte 4000×3000 JPEG through processArtwork (this process, sharp.concurrency(1))`,
            table: {
              columns: [
                'median',
                'samples',
                'display WebP',
                'display AVIF',
                'thumb',
                'placeholder',
              ],
              rows: [
                [
                  formatMs(cost.medianMs),
                  cost.times.map((t) => t.toFixed(0)).join(' / '),
                  formatKb(cost.last.display.length),
                  cost.last.avif ? formatKb(cost.last.avif.length) : 'larger, dropped',
                  formatKb(cost.last.thumb.length),
                  `${cost.last.placeholder.length} chars`,
                ],
              ],
            },
          },
          {
            title: `GET ${API.me} at ${ME_RATE_PER_S} req/s, alone and during ${PARALLEL_UPLOADS} parallel photo-box uploads and their processing`,
            table: {
              columns: ['situation', 'p50', 'p99', 'requests'],
              rows: [
                [
                  'idle',
                  formatMs(idleStats.p50),
                  formatMs(idleStats.p99),
                  formatInt(idleStats.requests),
                ],
                [
                  'uploads + processing',
                  formatMs(uploadStats.p50),
                  formatMs(uploadStats.p99),
                  formatInt(uploadStats.requests),
                ],
                [
                  '  while receiving the uploads',
                  formatMs(merged(receiving).p50),
                  formatMs(merged(receiving).p99),
                  formatInt(merged(receiving).requests),
                ],
                [
                  '  while processing them',
                  formatMs(merged(processing).p50),
                  formatMs(merged(processing).p99),
                  formatInt(merged(processing).requests),
                ],
                [
                  `POST upload (${PARALLEL_UPLOADS} at once)`,
                  formatMs(percentile(sortedUploads, 0.5)),
                  formatMs(percentile(sortedUploads, 0.99)),
                  formatInt(uploadMs.length),
                ],
              ],
            },
          },
        ],
        targets: [
          target(`${API.me} p99 uploads / idle`, ratio, MAX_UPLOAD_P99_RATIO, '<=', formatRatio),
        ],
        notes: [
          `${settings.rounds} alternating rounds; idle runs ${settings.durationS} s; upload runs ${UPLOAD_WINDOW_S} s from the first upload; photos still pending when each upload run ended: ${stillPending.join(', ')} of ${PARALLEL_UPLOADS}; all ${PARALLEL_UPLOADS} processed after ${meanBusyS.toFixed(1)} s on average`,
          'server on PGlite with the default IMAGE_WORKERS (one worker on a 2-core machine), one vips thread per job',
        ],
      };
    } finally {
      await server.stop();
      rmSync(photoDir, { recursive: true, force: true });
    }
  },
};
