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

/**
 * Visits `url` in a fresh Chromium profile (empty cache, like a first visit) and returns the path
 * of every JavaScript file it loaded until the network went quiet, in load order.
 */
export async function recordFirstVisitScripts(url: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (response.request().resourceType() === 'script' || path.endsWith('.js')) {
        scripts.push(path);
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    return [...new Set(scripts)];
  } finally {
    await browser.close();
  }
}
