import { describe, expect, it } from 'vitest';
import {
  linkedEntries,
  type MenuEntry,
  myMenu,
  pathMatches,
  publicMenu,
  submenuMatches,
} from './menu-data';

/** Titles as a readable tree: 'Parent > Child'. */
function outline(entries: MenuEntry[], prefix = ''): string[] {
  return entries.flatMap((e) => [
    `${prefix}${e.title}${e.link ? ` ${e.link}` : ''}`,
    ...outline(e.subMenus ?? [], `${prefix}${e.title} > `),
  ]);
}

describe('myMenu (docs/product.md#roles drawer menu by role)', () => {
  it('gives a student Top, Account Settings, the gallery section, My Classes and Orders', () => {
    expect(outline(myMenu('student'))).toEqual([
      'menu.top /',
      'menu.accountSettings /account_settings',
      'menu.gallerySection',
      'menu.gallerySection > menu.gallery /gallery',
      'menu.gallerySection > menu.photobox /photo_box',
      'menu.myClasses',
      'menu.myClasses > menu.classesSchedule /classes',
      'menu.myClasses > menu.sendMessage',
      'menu.orders /orders',
    ]);
  });

  it('gives a teacher My Classes, with Send Message, Manage Coupons and Manage User Group, but no Orders', () => {
    const titles = outline(myMenu('teacher'));
    expect(titles).toContain('menu.myClasses > menu.classesSchedule /classes');
    expect(titles).toContain('menu.myClasses > menu.sendMessage /messages');
    expect(titles).toContain('menu.myClasses > menu.manageCoupons /manage_coupons');
    expect(titles).toContain('menu.myClasses > menu.manageUserGroup /user_groups/1');
    expect(titles.some((t) => t.startsWith('menu.orders'))).toBe(false);
    expect(titles.some((t) => t.startsWith('menu.customers'))).toBe(false);
  });

  it('gives an admin the Classes and Customers sections, without My Classes or Orders', () => {
    expect(outline(myMenu('admin'))).toEqual([
      'menu.top /',
      'menu.accountSettings /account_settings',
      'menu.gallerySection',
      'menu.gallerySection > menu.gallery /gallery',
      'menu.gallerySection > menu.photobox /photo_box',
      'menu.classes',
      'menu.classes > menu.schedule /classes',
      'menu.classes > menu.manageClass /manage_classes',
      'menu.classes > menu.managePlans /manage_plans',
      'menu.classes > menu.manageRooms /manage_rooms',
      'menu.classes > menu.managePasses /manage_passes',
      'menu.classes > menu.manageCoupons /manage_coupons',
      'menu.classes > menu.sendMessage /messages',
      'menu.customers',
      'menu.customers > menu.editCustomer /customers',
      'menu.customers > menu.salesOverview /sales_overview',
      'menu.customers > menu.orders /manage_orders',
      'menu.customers > menu.manageUserGroup /user_groups/1',
      'menu.customers > menu.manageAgreements /manage_agreements',
      'menu.customers > menu.manageBilling /manage_billing',
    ]);
  });
});

describe('publicMenu (docs/product.md#routes-and-screens public menu)', () => {
  const menu = publicMenu('https://blog.example.com/');

  it('lists Home, Classes, the Kids / Adults / All Ages submenus, Student Gallery and About', () => {
    expect(outline(menu)).toEqual([
      'menu.home /?noredirect=1',
      'menu.classes /classes/in-person/observational-drawing',
      'menu.kids',
      'menu.kids > menu.observationalDrawing /classes/in-person/observational-drawing',
      'menu.kids > menu.comicsDrawing /classes/in-person/comics-drawing',
      'menu.kids > menu.artScience /classes/in-person/art-science',
      'menu.kids > menu.summerArtCamp /classes/in-person/summer-art-camp',
      'menu.kids > menu.studioHours /classes/in-person/studio-hours',
      'menu.kids > menu.openHouse /classes/in-person/open-house',
      'menu.kids > menu.portfolioSupport /classes/portfolio-support',
      'menu.kids > menu.privateInstruction /classes/private-instruction',
      'menu.adults',
      'menu.adults > menu.figureDrawing /classes/in-person/figure-drawing',
      'menu.allAges',
      'menu.allAges > menu.drawingLab /classes/online/drawing-lab',
      'menu.allAges > menu.specialEvents /classes/special-events',
      'menu.studentGallery /student-gallery',
      'menu.about',
      'menu.about > menu.aboutAtelier /about-atelier',
      'menu.about > menu.ourInstructors /our-instructors',
      'menu.about > menu.contactUs /contact-us',
      'menu.about > menu.blog https://blog.example.com/',
    ]);
  });

  it('marks the public pages as outside the app and the blog as external', () => {
    const all = [...menu, ...menu.flatMap((e) => e.subMenus ?? [])];
    expect(all.find((e) => e.id === 'blog')?.kind).toBe('external');
    expect(all.filter((e) => e.id !== 'blog').every((e) => e.kind === 'site')).toBe(true);
  });
});

describe('pathMatches', () => {
  it('matches the path itself and the pages under it, not a sibling with the same prefix', () => {
    expect(pathMatches('/gallery', '/gallery')).toBe(true);
    expect(pathMatches('/gallery', '/gallery/feedback')).toBe(true);
    expect(pathMatches('/gallery', '/gallery-x')).toBe(false);
  });

  it('matches / only on /, and ignores a query string on the link', () => {
    expect(pathMatches('/', '/')).toBe(true);
    expect(pathMatches('/', '/orders')).toBe(false);
    expect(pathMatches('/?noredirect=1', '/')).toBe(true);
  });
});

describe('submenuMatches', () => {
  it('is true when the current path is one of the submenu links', () => {
    const gallery = myMenu('student').find((e) => e.id === 'gallery-section') as MenuEntry;
    expect(submenuMatches(gallery, '/photo_box')).toBe(true);
    expect(submenuMatches(gallery, '/gallery/my_gallery')).toBe(true);
    expect(submenuMatches(gallery, '/orders')).toBe(false);
  });
});

describe('linkedEntries', () => {
  it('flattens the entries that have a link, skipping greyed ones and section headers', () => {
    const ids = linkedEntries(myMenu('student')).map((e) => e.id);
    expect(ids).toEqual([
      'top',
      'account-settings',
      'gallery',
      'photobox',
      'classes-schedule',
      'orders',
    ]);
  });
});
