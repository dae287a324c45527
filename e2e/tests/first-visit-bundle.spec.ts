import { firstVisitJsFiles, readManifest } from '../../bench/src/harness/bundle';
import { WEB_DIST_DIR } from '../../bench/src/harness/paths';
import { LOGIN_FIRST_VISIT, LOGIN_JS_BUDGET_BYTES } from '../../bench/src/login-bundle';
import { APP, expect, test } from '../fixtures';

// The bundle budget (bench/src/login-bundle.test.ts) counts the JS of a first visit to /app/login
// from Vite's manifest. Which lazy chunks that visit pulls in is the app's behaviour, so a real
// visit keeps that list honest: a new start-up import must be counted, a dropped one uncounted.
// The budget itself is bytes as Chromium receives them (headers too), which the .br sum of the
// unit test undercounts by about half a kilobyte a file: the visit checks that as well.
test('a first visit to /app/login loads exactly the JS files the bundle budget counts, within the budget', async ({
  page,
}) => {
  const loaded = new Set<string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (response.request().resourceType() === 'script') loaded.add(path);
  });
  // Bytes received per script, as Chromium counts them (CDP), like the login-bundle bench.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Set<string>();
  const transferred = new Map<string, number>();
  cdp.on('Network.responseReceived', ({ requestId, type }) => {
    if (type === 'Script') scripts.add(requestId);
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    transferred.set(requestId, encodedDataLength);
  });
  await page.goto(`${APP}/login`, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

  // The server serves WEB_DIST_DIR when set (a build of one's own), so the walk reads that one.
  const distDir = process.env.WEB_DIST_DIR ?? WEB_DIST_DIR;
  const counted = firstVisitJsFiles(readManifest(distDir), LOGIN_FIRST_VISIT).map(
    (file) => `${APP}/${file}`,
  );
  expect([...loaded].sort()).toEqual(counted.sort());

  const total = [...scripts].reduce((sum, id) => sum + (transferred.get(id) ?? 0), 0);
  expect(scripts.size).toBe(counted.length);
  expect(total).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
});
