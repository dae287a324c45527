import { APP_BASE } from '@atelier/contract';
import { recordFirstVisitScripts } from './harness/browser';
import { type Bench, formatInt, formatKb, formatPercent, target } from './harness/report';
import { startServer } from './harness/server';
import { LOGIN_JS_BUDGET_BYTES, measureLoginBundle } from './login-bundle';

export const loginBundleBench: Bench = {
  name: 'login-bundle',
  title: `gzip size of the JS a first visit to ${APP_BASE}/login loads (built apps/web/dist)`,
  async run() {
    const bundle = measureLoginBundle();
    // Cross-check the manifest walk against what Chromium really fetches on a first visit.
    const server = await startServer({ env: { LOG_LEVEL: 'warn' } });
    let loaded: string[];
    try {
      loaded = await recordFirstVisitScripts(`${server.url}${APP_BASE}/login`);
    } finally {
      await server.stop();
    }
    const walked = new Set(bundle.files.map((f) => `${APP_BASE}/${f.file}`));
    const missed = loaded.filter((path) => !walked.has(path));
    const unused = [...walked].filter((path) => !loaded.includes(path));
    return {
      tables: [
        {
          table: {
            columns: ['file', 'bytes', 'gzip', 'share of budget'],
            rows: [
              ...bundle.files.map((f) => [
                f.file,
                formatInt(f.bytes),
                formatKb(f.gzipBytes),
                formatPercent(f.gzipBytes / LOGIN_JS_BUDGET_BYTES),
              ]),
              [
                'total',
                formatInt(bundle.files.reduce((n, f) => n + f.bytes, 0)),
                formatKb(bundle.gzipBytes),
                formatPercent(bundle.gzipBytes / LOGIN_JS_BUDGET_BYTES),
              ],
            ],
          },
        },
      ],
      targets: [
        target(
          'first-visit JS to /login, gzip',
          bundle.gzipBytes,
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
      ],
      notes: [
        'gzip at zlib’s default level (what the server’s compression sends); 1 KB = 1,000 bytes',
      ],
    };
  },
};
