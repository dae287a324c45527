import type { ClientConfig as ServedClientConfig } from '@atelier/contract';

/**
 * The runtime configuration the server writes into index.html (the contract's `ClientConfig`),
 * with what the page adds: optional fields the server may send later (blog and social links) have
 * defaults here, as do all fields when the page is served without the server (vite dev).
 */
export type ClientConfig = ServedClientConfig & {
  blogUrl: string;
  socialLinks: { instagram: string; facebook: string; youtube: string };
};

declare global {
  interface Window {
    __ATELIER_CONFIG__?: Partial<ClientConfig>;
  }
}

export const defaultClientConfig: ClientConfig = {
  schoolName: 'Atelier Art School',
  contactEmail: 'hello@atelier.test',
  sentryDsn: null,
  stripePublishableKey: null,
  currency: 'USD',
  // Empty: the page's own origin (vite dev serves the page without the server's config).
  appUrl: '',
  blogUrl: 'https://blog.atelier.test/',
  socialLinks: {
    instagram: 'https://www.instagram.com/',
    facebook: 'https://www.facebook.com/',
    youtube: 'https://www.youtube.com/',
  },
};

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * Reads the server's config, field by field, falling back to the defaults for anything absent.
 * Read from `globalThis` (the window in a browser) so the build's prerender can run the app in
 * Node with placeholder values (docs/decisions/046-prerendered-first-screen.md).
 */
export function readClientConfig(
  source: unknown = (globalThis as { __ATELIER_CONFIG__?: unknown }).__ATELIER_CONFIG__,
): ClientConfig {
  const given = (source && typeof source === 'object' ? source : {}) as Partial<ClientConfig>;
  const social = (given.socialLinks ?? {}) as Partial<ClientConfig['socialLinks']>;
  const d = defaultClientConfig;
  return {
    schoolName: nonEmpty(given.schoolName) ? given.schoolName : d.schoolName,
    contactEmail: nonEmpty(given.contactEmail) ? given.contactEmail : d.contactEmail,
    sentryDsn: nonEmpty(given.sentryDsn) ? given.sentryDsn : null,
    stripePublishableKey: nonEmpty(given.stripePublishableKey) ? given.stripePublishableKey : null,
    currency: nonEmpty(given.currency) ? given.currency : d.currency,
    appUrl: nonEmpty(given.appUrl) ? given.appUrl.replace(/\/+$/, '') : d.appUrl,
    blogUrl: nonEmpty(given.blogUrl) ? given.blogUrl : d.blogUrl,
    socialLinks: {
      instagram: nonEmpty(social.instagram) ? social.instagram : d.socialLinks.instagram,
      facebook: nonEmpty(social.facebook) ? social.facebook : d.socialLinks.facebook,
      youtube: nonEmpty(social.youtube) ? social.youtube : d.socialLinks.youtube,
    },
  };
}

let cached: ClientConfig | null = null;

/** The config of this page load (read once). */
export function clientConfig(): ClientConfig {
  cached ??= readClientConfig();
  return cached;
}
