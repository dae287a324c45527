/** Pages of the public site, served as HTML by the server outside /app (docs/product.md#public-site). */
export const PUBLIC_SITE = {
  /** The public home page as links reach it: `/` alone opens the app, `?noredirect=1` keeps the page. */
  home: '/?noredirect=1',
  /** Any published programme by slug; the menu's links add `in-person/` or `online/`. */
  classPage: (slug: string) => `/classes/${encodeURIComponent(slug)}`,
  studentGallery: '/student-gallery',
  about: '/about-atelier',
  ourInstructors: '/our-instructors',
  contactUs: '/contact-us',
  termsOfUse: '/terms-of-use',
  privacyPolicy: '/privacy-policy',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
} as const;
