import { PUBLIC_SITE } from './public-site.paths';

/**
 * The public menu (docs/product.md#routes-and-screens), one definition for the pages the server
 * renders and the web's drawer, with its words and the footer's (Japanese in public-menu-ja.ts).
 * Plain constants, no zod: the drawer and its English words are in the web's first-visit bundle.
 */
export const PUBLIC_MENU_LABELS_EN = {
  home: 'Home',
  classes: 'Classes',
  kids: 'Kids',
  adults: 'Adults',
  allAges: 'All Ages',
  observationalDrawing: 'Observational Drawing',
  comicsDrawing: 'Comics Drawing',
  artScience: 'Art & Science',
  summerArtCamp: 'Summer Art Camp',
  studioHours: 'Studio Hours',
  openHouse: 'Open House',
  portfolioSupport: 'Portfolio Support',
  privateInstruction: 'Private Instruction',
  figureDrawing: 'Figure Drawing',
  drawingLab: 'Drawing Lab (online)',
  specialEvents: 'Special Events',
  studentGallery: 'Student Gallery',
  about: 'About',
  aboutAtelier: 'About Atelier',
  ourInstructors: 'Our Instructors',
  contactUs: 'Contact Us',
  blog: 'Blog',
};

/** The name of one of the menu's words (a key of PUBLIC_MENU_LABELS_EN). */
export type PublicMenuLabel = keyof typeof PUBLIC_MENU_LABELS_EN;
export type PublicMenuLabels = Record<PublicMenuLabel, string>;

/**
 * The footer's words (the site's pages and the app's shell show the same footer); each side adds
 * its copyright line in its own template form.
 */
export const PUBLIC_FOOTER_LABELS_EN = {
  label: 'Site information',
  contact: 'Contact',
  termsOfUse: 'Terms of Use',
  privacyPolicy: 'Privacy Policy',
  social: 'Social media',
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
};
export type PublicFooterLabels = Record<keyof typeof PUBLIC_FOOTER_LABELS_EN, string>;

/** A link of the public menu; `external` leads to another site (opened in a new tab). */
export type PublicMenuLink = {
  id: string;
  label: PublicMenuLabel;
  href: string;
  external?: boolean;
};
/** A heading over links. */
export type PublicMenuSection = { id: string; label: PublicMenuLabel; children: PublicMenuLink[] };
export type PublicMenuEntry = PublicMenuLink | PublicMenuSection;

/** A class page the menu links to, with the programme (slug) it shows. */
export type PublicClassLink = PublicMenuLink & { slug: string };

const classLink = (id: string, label: PublicMenuLabel, href: string): PublicClassLink => ({
  id,
  label,
  href,
  slug: href.slice(href.lastIndexOf('/') + 1),
});

/**
 * The class pages the menu links to. Their URLs are the programmes' one URL; a programme not
 * listed here has its page at PUBLIC_SITE.classPage(slug).
 */
export const PUBLIC_CLASS_LINKS = {
  observationalDrawing: classLink(
    'kids-observational',
    'observationalDrawing',
    '/classes/in-person/observational-drawing',
  ),
  comicsDrawing: classLink('kids-comics', 'comicsDrawing', '/classes/in-person/comics-drawing'),
  artScience: classLink('kids-art-science', 'artScience', '/classes/in-person/art-science'),
  summerArtCamp: classLink(
    'kids-summer-camp',
    'summerArtCamp',
    '/classes/in-person/summer-art-camp',
  ),
  studioHours: classLink('kids-studio-hours', 'studioHours', '/classes/in-person/studio-hours'),
  openHouse: classLink('kids-open-house', 'openHouse', '/classes/in-person/open-house'),
  portfolioSupport: classLink('kids-portfolio', 'portfolioSupport', '/classes/portfolio-support'),
  privateInstruction: classLink(
    'kids-private',
    'privateInstruction',
    '/classes/private-instruction',
  ),
  figureDrawing: classLink('adults-figure', 'figureDrawing', '/classes/in-person/figure-drawing'),
  drawingLab: classLink('all-ages-drawing-lab', 'drawingLab', '/classes/online/drawing-lab'),
  specialEvents: classLink('all-ages-special-events', 'specialEvents', '/classes/special-events'),
} as const satisfies Record<string, PublicClassLink>;

/** Where the menu's Classes link leads: its first class page. */
export const PUBLIC_CLASSES_LINK = PUBLIC_CLASS_LINKS.observationalDrawing.href;

/** The public menu, in the drawer's order; the blog is the school's own (configured) site. */
export function publicMenuEntries(blogUrl: string): PublicMenuEntry[] {
  const c = PUBLIC_CLASS_LINKS;
  const link = (id: string, label: PublicMenuLabel, href: string): PublicMenuLink => ({
    id,
    label,
    href,
  });
  return [
    link('web-home', 'home', PUBLIC_SITE.home),
    link('classes', 'classes', PUBLIC_CLASSES_LINK),
    {
      id: 'kids',
      label: 'kids',
      children: [
        c.observationalDrawing,
        c.comicsDrawing,
        c.artScience,
        c.summerArtCamp,
        c.studioHours,
        c.openHouse,
        c.portfolioSupport,
        c.privateInstruction,
      ],
    },
    { id: 'adults', label: 'adults', children: [c.figureDrawing] },
    { id: 'all-ages', label: 'allAges', children: [c.drawingLab, c.specialEvents] },
    link('student-gallery', 'studentGallery', PUBLIC_SITE.studentGallery),
    {
      id: 'about',
      label: 'about',
      children: [
        link('about-atelier', 'aboutAtelier', PUBLIC_SITE.about),
        link('our-instructors', 'ourInstructors', PUBLIC_SITE.ourInstructors),
        link('contact-us', 'contactUs', PUBLIC_SITE.contactUs),
        { id: 'blog', label: 'blog', href: blogUrl, external: true },
      ],
    },
  ];
}
