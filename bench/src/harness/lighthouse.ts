import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { freePort } from './server';

/** What one Lighthouse run says about a page's performance. */
export type LighthouseRun = {
  /** The performance category, 0–100. */
  score: number;
  /** The accessibility category, 0–100 (null unless asked for). */
  accessibility: number | null;
  /** Accessibility audits that failed ("color-contrast"), when asked for. */
  accessibilityFailures: string[];
  /** Milliseconds, as Lighthouse simulates them (Slow 4G, 4× CPU slowdown). */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  requests: number;
  transferredBytes: number;
  /** Opportunities and diagnostics that cost something, most expensive first ("render-blocking-resources 300 ms"). */
  limits: string[];
};

/**
 * A Chromium (Debian's, the bench's flags) with a DevTools port for Lighthouse to drive: the
 * Lighthouse CLI's own launcher would pick its own flags, and these machines need ours.
 */
export async function launchChromiumForLighthouse(): Promise<{
  port: number;
  close(): Promise<void>;
}> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'atelier-lighthouse-'));
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(profile, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) return { port, close };
    } catch {
      // DevTools not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await close();
  throw new Error(`Chromium (${CHROMIUM_PATH}) did not open its DevTools port`);
}

const numeric = (lhr: { audits: Record<string, { numericValue?: number }> }, id: string) =>
  lhr.audits[id]?.numericValue ?? Number.NaN;

/**
 * One Lighthouse navigation of `url` with the default (mobile) settings: storage and cache are
 * cleared first, so it is a first visit by a guest. Performance always; accessibility too when
 * asked (its audits run after the load and do not change the performance figures).
 */
export async function runLighthouse(
  url: string,
  port: number,
  options: { accessibility?: boolean } = {},
): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: options.accessibility ? ['performance', 'accessibility'] : ['performance'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const score = lhr.categories.performance?.score;
  if (typeof score !== 'number') throw new Error(`Lighthouse gave ${url} no performance score`);
  const accessibility = lhr.categories.accessibility?.score;
  const accessibilityFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  const requests = lhr.audits['network-requests']?.details;
  const limits = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        (a.details?.type === 'opportunity' ||
          a.scoreDisplayMode === 'metricSavings' ||
          a.scoreDisplayMode === 'numeric'),
    )
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  return {
    score: Math.round(score * 100),
    accessibility: typeof accessibility === 'number' ? Math.round(accessibility * 100) : null,
    accessibilityFailures,
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    requests: requests && 'items' in requests ? requests.items.length : Number.NaN,
    transferredBytes: numeric(lhr, 'total-byte-weight'),
    limits,
  };
}

/** The run with the median score (the lower middle one for an even count). */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no Lighthouse runs');
  return median;
}
