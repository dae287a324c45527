import { chromium } from 'playwright-core';

/** Debian's Chromium and the flags it needs on these machines (docs/architecture.md#testing). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One response of a page visit, as Chromium's network stack received it. */
export type VisitedResource = {
  /** Path of the URL, e.g. `/app/assets/index-abc.js`. */
  path: string;
  /** DevTools resource type: Document, Script, Stylesheet, Font, Fetch, XHR, Image, … */
  type: string;
  status: number;
  /** `content-encoding` of the response ('br', 'gzip'), null when sent as is. */
  encoding: string | null;
  /** Bytes on the wire: status line, headers and body as sent (DevTools' "transferred"). */
  transferredBytes: number;
  /** The body as sent, before decoding: transferred bytes less what had arrived with the headers. */
  encodedBodyBytes: number;
};

/**
 * Visits `url` in a fresh Chromium profile (empty cache, like a first visit) and returns every
 * response that finished loading until the network went quiet, in the order they finished, with
 * the bytes Chromium received for each (CDP `Network.loadingFinished`).
 */
export async function recordFirstVisit(url: string): Promise<VisitedResource[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    const responses = new Map<
      string,
      Omit<VisitedResource, 'transferredBytes' | 'encodedBodyBytes'> & { headerBytes: number }
    >();
    const finished: VisitedResource[] = [];
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      const encoding = Object.entries(response.headers).find(
        ([name]) => name.toLowerCase() === 'content-encoding',
      )?.[1];
      responses.set(requestId, {
        path: new URL(response.url).pathname,
        type,
        status: response.status,
        encoding: encoding || null,
        headerBytes: response.encodedDataLength,
      });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const response = responses.get(requestId);
      if (!response) return;
      const { headerBytes, ...resource } = response;
      finished.push({
        ...resource,
        transferredBytes: encodedDataLength,
        encodedBodyBytes: encodedDataLength - headerBytes,
      });
    });
    await cdp.send('Network.enable');
    await page.goto(url, { waitUntil: 'networkidle' });
    return finished;
  } finally {
    await browser.close();
  }
}

/** The JavaScript of a visit: script resources, and anything else whose path ends in .js. */
export function scriptsOf(resources: VisitedResource[]): VisitedResource[] {
  return resources.filter((r) => r.type === 'Script' || r.path.endsWith('.js'));
}

/**
 * Visits `url` in a fresh Chromium profile (empty cache, like a first visit) and returns the path
 * of every JavaScript file it loaded until the network went quiet, in load order.
 */
export async function recordFirstVisitScripts(url: string): Promise<string[]> {
  return [...new Set(scriptsOf(await recordFirstVisit(url)).map((r) => r.path))];
}
