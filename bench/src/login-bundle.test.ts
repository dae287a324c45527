import { describe, expect, it } from 'vitest';
import { formatKb } from './harness/report';
import { LOGIN_JS_BUDGET_BYTES, measureLoginBundle } from './login-bundle';

// `npm test` builds the web app before this runs; the size is deterministic, so the budget is
// enforced here rather than only reported by `npm run bench`.
describe('first visit to /app/login', () => {
  it('loads at most 200 KB of gzip JavaScript', () => {
    const { files, gzipBytes } = measureLoginBundle();
    const largest = [...files]
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .slice(0, 8)
      .map((f) => `${f.file} ${formatKb(f.gzipBytes)}`)
      .join(', ');
    expect(
      gzipBytes,
      `${formatKb(gzipBytes)} in ${files.length} files, over by ${formatKb(gzipBytes - LOGIN_JS_BUDGET_BYTES)}; largest: ${largest}`,
    ).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
  });
});
