import type { SiteStrings } from './site-strings';

type MenuKey = keyof SiteStrings['menu'];

/** A public menu entry: a link, or a heading over links (docs/product.md#routes-and-screens). */
export type SiteMenuEntry =
  | { title: MenuKey; href: string; external?: boolean }
  | { title: MenuKey; children: { title: MenuKey; href: string; external?: boolean }[] };

/** The drawer's Home link (`/` alone opens the app). */
export const SITE_HOME = '/?noredirect=1';

/** Pages of the site besides class pages. */
export const SITE_PATHS = {
  home: SITE_HOME,
  studentGallery: '/student-gallery',
  about: '/about-atelier',
  ourInstructors: '/our-instructors',
  contactUs: '/contact-us',
  termsOfUse: '/terms-of-use',
  privacyPolicy: '/privacy-policy',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
  logIn: '/app/login',
  signUp: '/app/register',
  bookClass: (slug: string) => `/app/book_class?klass_group=${encodeURIComponent(slug)}`,
} as const;

/**
 * The class pages the menu links to, each with the programme slug it shows. The same list as the
 * web's drawer (apps/web/src/app/shell/menu-data.ts); a programme not listed here has its page at
 * /classes/{slug}.
 */
export const MENU_CLASS_LINKS: { title: MenuKey; href: string; slug: string }[] = [
  {
    title: 'observationalDrawing',
    href: '/classes/in-person/observational-drawing',
    slug: 'observational-drawing',
  },
  { title: 'comicsDrawing', href: '/classes/in-person/comics-drawing', slug: 'comics-drawing' },
  { title: 'artScience', href: '/classes/in-person/art-science', slug: 'art-science' },
  { title: 'summerArtCamp', href: '/classes/in-person/summer-art-camp', slug: 'summer-art-camp' },
  { title: 'studioHours', href: '/classes/in-person/studio-hours', slug: 'studio-hours' },
  { title: 'openHouse', href: '/classes/in-person/open-house', slug: 'open-house' },
  { title: 'portfolioSupport', href: '/classes/portfolio-support', slug: 'portfolio-support' },
  {
    title: 'privateInstruction',
    href: '/classes/private-instruction',
    slug: 'private-instruction',
  },
  { title: 'figureDrawing', href: '/classes/in-person/figure-drawing', slug: 'figure-drawing' },
  { title: 'drawingLab', href: '/classes/online/drawing-lab', slug: 'drawing-lab' },
  { title: 'specialEvents', href: '/classes/special-events', slug: 'special-events' },
];

const link = (title: MenuKey) => {
  const found = MENU_CLASS_LINKS.find((l) => l.title === title);
  if (!found) throw new Error(`No menu class link ${title}`);
  return { title, href: found.href };
};

/** The one URL of a programme's page: the menu's when the menu lists it, else /classes/{slug}. */
export function classPagePath(slug: string): string {
  return (
    MENU_CLASS_LINKS.find((l) => l.slug === slug)?.href ?? `/classes/${encodeURIComponent(slug)}`
  );
}

/** The public menu, in the drawer's order. */
export function siteMenu(blogUrl: string): SiteMenuEntry[] {
  return [
    { title: 'home', href: SITE_PATHS.home },
    { title: 'classes', href: MENU_CLASS_LINKS[0]?.href ?? '/classes' },
    {
      title: 'kids',
      children: [
        link('observationalDrawing'),
        link('comicsDrawing'),
        link('artScience'),
        link('summerArtCamp'),
        link('studioHours'),
        link('openHouse'),
        link('portfolioSupport'),
        link('privateInstruction'),
      ],
    },
    { title: 'adults', children: [link('figureDrawing')] },
    { title: 'allAges', children: [link('drawingLab'), link('specialEvents')] },
    { title: 'studentGallery', href: SITE_PATHS.studentGallery },
    {
      title: 'about',
      children: [
        { title: 'aboutAtelier', href: SITE_PATHS.about },
        { title: 'ourInstructors', href: SITE_PATHS.ourInstructors },
        { title: 'contactUs', href: SITE_PATHS.contactUs },
        { title: 'blog', href: blogUrl, external: true },
      ],
    },
  ];
}
