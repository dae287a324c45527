/** The SPA is served under this base path (docs/product.md#routes-and-screens). */
export const APP_BASE = '/app';

/** Paths outside any resource: the health check, the API docs and the live channel. */
export const APP_API = {
  health: '/healthz',
  docs: '/api/docs',
  cable: '/cable',
} as const;
