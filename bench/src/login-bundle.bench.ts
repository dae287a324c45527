import { APP_BASE } from '@atelier/contract';
import { recordFirstVisit, scriptsOf } from './harness/browser';
import { type Bench, formatInt, formatKb, formatPercent, target } from './harness/report';
import { startServer } from './harness/server';
import { LOGIN_JS_AIM_BYTES, LOGIN_JS_BUDGET_BYTES, measureLoginBundle } from './login-bundle';

export const loginBundleBench: Bench = {
  name: 'login-bundle',
  title: `JavaScript a first visit to ${APP_BASE}/login transfers, as Chromium receives it (built apps/web/dist)`,
  async run() {
    const bundle = measureLoginBundle();
    const server = await startServer({ env: { LOG_LEVEL: 'warn' } });
    let visit: Awaited<ReturnType<typeof recordFirstVisit>>;
    try {
      visit = await recordFirstVisit(`${server.url}${APP_BASE}/login`);
    } finally {
      await server.stop();
    }
    const scripts = scriptsOf(visit);
    const transferred = scripts.reduce((n, r) => n + r.transferredBytes, 0);
    const pageTransferred = visit.reduce((n, r) => n + r.transferredBytes, 0);
    const byPath = new Map(scripts.map((r) => [r.path, r]));

    // Cross-check the manifest walk against what Chromium really fetched.
    const loaded = [...byPath.keys()];
    const walked = new Set(bundle.files.map((f) => `${APP_BASE}/${f.file}`));
    const missed = loaded.filter((path) => !walked.has(path));
    const unused = [...walked].filter((path) => !byPath.has(path));
    // Every script should arrive as the build's brotli copy, byte for byte.
    const notAsBuilt = bundle.files.filter((f) => {
      const got = byPath.get(`${APP_BASE}/${f.file}`);
      return got && (got.encoding !== 'br' || got.encodedBodyBytes !== f.brotliBytes);
    });

    return {
      tables: [
        {
          table: {
            columns: ['file', 'bytes', '.br', '.gz', 'transferred', 'share of budget'],
            rows: [
              ...bundle.files.map((f) => {
                const got = byPath.get(`${APP_BASE}/${f.file}`);
                return [
                  f.file,
                  formatInt(f.bytes),
                  formatKb(f.brotliBytes),
                  formatKb(f.gzipBytes),
                  got ? formatKb(got.transferredBytes) : '—',
                  got ? formatPercent(got.transferredBytes / LOGIN_JS_BUDGET_BYTES) : '—',
                ];
              }),
              [
                'total',
                formatInt(bundle.files.reduce((n, f) => n + f.bytes, 0)),
                formatKb(bundle.brotliBytes),
                formatKb(bundle.gzipBytes),
                formatKb(transferred),
                formatPercent(transferred / LOGIN_JS_BUDGET_BYTES),
              ],
            ],
          },
        },
      ],
      targets: [
        target(
          'first-visit JS to /login, transferred (Chromium)',
          transferred,
          LOGIN_JS_BUDGET_BYTES,
          '<=',
          formatKb,
        ),
        {
          name: 'manifest walk matches a real Chromium visit',
          measured:
            missed.length + unused.length === 0
              ? `${loaded.length} files, same set`
              : [
                  ...missed.map((p) => `not walked: ${p}`),
                  ...unused.map((p) => `not loaded: ${p}`),
                ].join('; '),
          target: 'same files',
          pass: missed.length + unused.length === 0,
        },
        {
          name: 'scripts arrive as the build’s brotli copies',
          measured:
            notAsBuilt.length === 0
              ? `${scripts.length} of ${scripts.length}`
              : `not as built: ${notAsBuilt.map((f) => f.file).join(', ')}`,
          target: 'all',
          pass: notAsBuilt.length === 0,
        },
      ],
      notes: [
        `aim: ${formatKb(LOGIN_JS_AIM_BYTES)}; ${
          transferred <= LOGIN_JS_AIM_BYTES
            ? 'reached'
            : `${formatKb(transferred - LOGIN_JS_AIM_BYTES)} to go`
        }`,
        `transferred = status line, headers and body of each script response as Chromium received them (CDP Network.loadingFinished), fresh profile; the whole page (HTML, CSS, fonts, icon too): ${formatKb(pageTransferred)} in ${visit.length} responses`,
        '.br is brotli quality 11, .gz gzip level 9, both written by the build; `npm test` checks the .br total against the budget; 1 KB = 1,000 bytes',
      ],
    };
  },
};
