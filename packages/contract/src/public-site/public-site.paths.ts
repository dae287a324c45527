/** Pages of the public site, served as HTML by the server outside /app (docs/product.md#public-site). */
export const PUBLIC_SITE = {
  /** The public home page (the drawer's Home link adds ?noredirect=1; `/` alone opens the app). */
  home: '/',
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
