import type { Config } from '../../config';
import type { SiteContext } from './layout';
import type { loadSiteFonts } from './site-fonts';

/**
 * The blog and social addresses the site links to: the same defaults as the web app's footer and
 * drawer (apps/web/src/lib/client-config.ts), which the deployment does not configure yet.
 */
export const SITE_LINKS = {
  blogUrl: 'https://blog.atelier.test/',
  social: {
    instagram: 'https://www.instagram.com/',
    facebook: 'https://www.facebook.com/',
    youtube: 'https://www.youtube.com/',
  },
} as const;

function originOf(url: string): string | null {
  try {
    return /^https?:\/\//.test(url) ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * The site's context from the configuration. `imageUrl` is any public image's URL from the image
 * store: when it is absolute (a bucket), its origin may serve the pages' images.
 */
export function siteContextOf(
  config: Config,
  imageUrl: string,
  fonts: ReturnType<typeof loadSiteFonts>,
  icon = false,
): SiteContext {
  const own = originOf(config.appUrl);
  const images = originOf(imageUrl);
  return {
    origin: config.appUrl,
    schoolName: config.schoolName,
    contactEmail: config.contactEmail,
    currency: config.currency,
    blogUrl: SITE_LINKS.blogUrl,
    social: { ...SITE_LINKS.social },
    fonts: fonts ? { regular: fonts.regular.url, bold: fonts.bold.url } : null,
    imageOrigins: images && images !== own ? [images] : [],
    icon,
  };
}
