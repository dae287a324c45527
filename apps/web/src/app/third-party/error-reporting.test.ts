import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startErrorReporting } from './error-reporting';

const init = vi.fn();
vi.mock('@sentry/react', () => ({
  init: (options: unknown) => init(options),
  browserTracingIntegration: () => ({ name: 'BrowserTracing' }),
}));

describe('startErrorReporting', () => {
  beforeEach(() => init.mockClear());

  it('loads nothing when no DSN is configured', async () => {
    const load = vi.fn();
    expect(await startErrorReporting({ sentryDsn: null }, load)).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('starts Sentry with full trace sampling when a DSN is configured', async () => {
    expect(await startErrorReporting({ sentryDsn: 'https://key@sentry.example/1' })).toBe(true);
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({ dsn: 'https://key@sentry.example/1', tracesSampleRate: 1.0 }),
    );
  });
});
