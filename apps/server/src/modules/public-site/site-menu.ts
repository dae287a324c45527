import { PUBLIC_CLASS_LINKS, PUBLIC_SITE, type PublicClassLink } from '@atelier/contract';

/** Pages of the site (the contract's), and the app's pages it links to. */
export const SITE_PATHS = {
  ...PUBLIC_SITE,
  logIn: '/app/login',
  signUp: '/app/register',
  bookClass: (slug: string) => `/app/book_class?klass_group=${encodeURIComponent(slug)}`,
  /** The booking page with its "Try a class" dialog open (docs/product.md#trial-classes). */
  tryClass: (slug: string) => `/app/book_class?klass_group=${encodeURIComponent(slug)}&trial=1`,
} as const;

/** The class pages the public menu links to, in its order, each with the programme slug it shows. */
export const MENU_CLASS_LINKS: readonly PublicClassLink[] = Object.values(PUBLIC_CLASS_LINKS);

/** The one URL of a programme's page: the menu's when the menu lists it, else /classes/{slug}. */
export function classPagePath(slug: string): string {
  return MENU_CLASS_LINKS.find((l) => l.slug === slug)?.href ?? PUBLIC_SITE.classPage(slug);
}
