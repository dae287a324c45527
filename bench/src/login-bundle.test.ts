import { describe, expect, it } from 'vitest';
import { LOGIN_JS_BUDGET_BYTES, measureLoginBundle } from './login-bundle';

// `npm test` builds the web app before this runs; the size is deterministic, so the budget is
// enforced here rather than only reported by `npm run bench`.
describe('first visit to /app/login', () => {
  it('loads at most 200 KB of gzip JavaScript', () => {
    const { files, gzipBytes } = measureLoginBundle();
    const detail = files.map((f) => `${f.file}: ${f.gzipBytes} B`).join(', ');
    expect(
      gzipBytes,
      `over budget by ${gzipBytes - LOGIN_JS_BUDGET_BYTES} B (${detail})`,
    ).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
  });
});
